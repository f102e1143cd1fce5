package suite

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Counts are the number of results of each outcome.
type Counts struct {
	Passed      int `json:"passed"`
	Failed      int `json:"failed"`
	Unsupported int `json:"unsupported"`
	Errors      int `json:"errors"`
	XFailed     int `json:"xfailed"`
}

// Count tallies results.
func Count(results []Result) Counts {
	var c Counts
	for _, r := range results {
		switch r.Outcome {
		case Pass:
			c.Passed++
		case Fail:
			c.Failed++
		case Unsupported:
			c.Unsupported++
		case Error:
			c.Errors++
		case XFail:
			c.XFailed++
		}
	}
	return c
}

// OK reports whether nothing failed or errored.
func (c Counts) OK() bool { return c.Failed == 0 && c.Errors == 0 }

// String is the summary line: "N passed, N failed", then the other
// outcomes that occurred.
func (c Counts) String() string {
	s := fmt.Sprintf("%d passed, %d failed", c.Passed, c.Failed)
	if c.Unsupported > 0 {
		s += fmt.Sprintf(", %d unsupported", c.Unsupported)
	}
	if c.Errors > 0 {
		s += fmt.Sprintf(", %d errors", c.Errors)
	}
	if c.XFailed > 0 {
		s += fmt.Sprintf(", %d expected failures", c.XFailed)
	}
	return s
}

// Line is the report of a result: "FAIL path [device]: message", the
// message's own copy of the path left out.
func (r Result) Line() string {
	s := r.Outcome.String() + " " + r.Test.Path
	if r.Device != "" {
		s += " [" + r.Device + "]"
	}
	if msg := strings.TrimPrefix(r.Message, r.Test.Path+":"); msg != "" {
		s += ": " + msg
	}
	return s
}

// JUnit XML, as Jenkins' junit plugin, GitLab and GitHub actions read it:
// one testsuite per device, one testcase per test, skipped for
// unsupported tests. Jenkins' schema (suite/testdata/jenkins-junit.xsd)
// allows a skipped count on testsuite elements only.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr"`
	Hostname   string          `xml:"hostname,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// WriteJUnit writes results as JUnit XML; start is when the suite began.
func WriteJUnit(w io.Writer, results []Result, start time.Time) error {
	host, _ := os.Hostname()
	out := junitSuites{Name: "kiln test"}
	index := map[string]int{}
	var times []time.Duration
	for _, r := range results {
		dev := r.Device
		if dev == "" {
			dev = "host"
		}
		i, ok := index[dev]
		if !ok {
			i = len(out.Suites)
			index[dev] = i
			times = append(times, 0)
			out.Suites = append(out.Suites, junitSuite{
				Name: dev, Timestamp: start.UTC().Format("2006-01-02T15:04:05"), Hostname: host,
				Properties: []junitProperty{{Name: "device", Value: dev}},
			})
		}
		s := &out.Suites[i]
		// Viewers split classnames at dots into packages.
		class := strings.ReplaceAll(dev, ".", "_") + "." + r.Test.Kind.String()
		c := junitCase{Name: r.Test.Path, Classname: class, Time: seconds(r.Duration)}
		msg := firstLine(r.Message)
		switch r.Outcome {
		case Fail:
			c.Failure = &junitMessage{Message: msg, Type: "mismatch", Text: r.Message}
			s.Failures++
		case Error:
			c.Error = &junitMessage{Message: msg, Type: "error", Text: r.Message}
			s.Errors++
		case Unsupported:
			c.Skipped = &junitMessage{Message: msg}
			s.Skipped++
		case XFail, Pass:
			c.SystemOut = r.Message
		}
		s.Cases = append(s.Cases, c)
		s.Tests++
		times[i] += r.Duration
	}
	for i := range out.Suites {
		s := &out.Suites[i]
		s.Time = seconds(times[i])
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Errors += s.Errors
	}
	out.Time = seconds(time.Since(start))
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// WriteJSON writes the results and their counts as JSON.
func WriteJSON(w io.Writer, results []Result) error {
	type jsonResult struct {
		Test       string  `json:"test"`
		Kind       string  `json:"kind"`
		Device     string  `json:"device,omitempty"`
		Outcome    string  `json:"outcome"`
		Message    string  `json:"message,omitempty"`
		DurationMS float64 `json:"durationMs"`
	}
	out := struct {
		Summary string       `json:"summary"`
		Counts  Counts       `json:"counts"`
		Results []jsonResult `json:"results"`
	}{Summary: Count(results).String(), Counts: Count(results), Results: []jsonResult{}}
	for _, r := range results {
		out.Results = append(out.Results, jsonResult{
			Test: r.Test.Path, Kind: r.Test.Kind.String(), Device: r.Device,
			Outcome: strings.ToLower(r.Outcome.String()), Message: r.Message,
			DurationMS: float64(r.Duration.Microseconds()) / 1000,
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
