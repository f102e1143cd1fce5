package validate

import (
	"regexp"
	"strconv"
	"strings"
)

// Message is one finding of spirv-val.
type Message struct {
	Severity string // "error", "warning" or "info"
	// Text is spirv-val's message, VUID included, without the severity and
	// line prefix and without the instruction it prints after it.
	Text string
	// VUID is the Vulkan valid-usage id the message cites
	// ("VUID-StandaloneSpirv-None-04636"), or "".
	VUID string
	// Instruction is the index of the instruction the message is about,
	// counting from 0 at the first instruction after the header (spirv-val's
	// "line N" is N-1 here); -1 when the message is about the whole module.
	Instruction int
	// Disassembly is that instruction as spirv-val prints it
	// ("%8 = OpIAdd %float %uint_1 %uint_1"), or "".
	Disassembly string
	// Result is the instruction's result id when spirv-val prints it as a
	// number ("%8 = ..."); 0 when it has none or spirv-val printed a name.
	Result uint32
	// IDs are the ids the text names in spirv-val's '12[%name]' form, in
	// order.
	IDs []uint32
}

// String formats the message as spirv-val does, the instruction on a
// second line when there is one.
func (m Message) String() string {
	s := m.Severity + ": " + m.Text
	if m.Instruction >= 0 {
		s = m.Severity + ": instruction " + strconv.Itoa(m.Instruction) + ": " + m.Text
	}
	if m.Disassembly != "" {
		s += "\n  " + m.Disassembly
	}
	return s
}

var (
	// headRE matches the first line of a message: "error: line 12: text".
	headRE   = regexp.MustCompile(`^(error|warning|info|internal error|fatal): line (\d+): (.*)$`)
	vuidRE   = regexp.MustCompile(`\[(VUID-[A-Za-z0-9_-]+)\]`)
	idRE     = regexp.MustCompile(`'(\d+)\[%[^\]]*\]'`)
	resultRE = regexp.MustCompile(`^%(\d+) = `)
)

// parseMessages splits spirv-val's output into messages. Each starts with
// "SEVERITY: line N: "; the text may go on over more lines, and spirv-val
// then prints the instruction indented by two spaces and a blank line.
func parseMessages(out string) []Message {
	var msgs []Message
	var text []string
	flush := func() {
		if len(msgs) == 0 {
			return
		}
		m := &msgs[len(msgs)-1]
		for len(text) > 0 && strings.TrimSpace(text[len(text)-1]) == "" {
			text = text[:len(text)-1]
		}
		if n := len(text); n > 1 && strings.HasPrefix(text[n-1], "  ") {
			m.Disassembly = strings.TrimSpace(text[n-1])
			text = text[:n-1]
		}
		m.Text = strings.TrimRight(strings.Join(text, "\n"), " \n")
		if v := vuidRE.FindStringSubmatch(m.Text); v != nil {
			m.VUID = v[1]
		}
		for _, id := range idRE.FindAllStringSubmatch(m.Text, -1) {
			if n, err := strconv.ParseUint(id[1], 10, 32); err == nil {
				m.IDs = append(m.IDs, uint32(n))
			}
		}
		if r := resultRE.FindStringSubmatch(m.Disassembly); r != nil {
			if n, err := strconv.ParseUint(r[1], 10, 32); err == nil {
				m.Result = uint32(n)
			}
		}
		text = nil
	}
	for _, line := range strings.Split(out, "\n") {
		if h := headRE.FindStringSubmatch(line); h != nil {
			flush()
			line, _ := strconv.Atoi(h[2])
			msgs = append(msgs, Message{Severity: severity(h[1]), Instruction: line - 1})
			text = []string{h[3]}
			continue
		}
		if len(msgs) > 0 {
			text = append(text, line)
		}
	}
	flush()
	return msgs
}

// severity maps spirv-val's fatal and internal errors to "error".
func severity(s string) string {
	if s == "warning" || s == "info" {
		return s
	}
	return "error"
}
