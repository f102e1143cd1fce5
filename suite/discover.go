// Package suite runs validation suites: folders of kernel tests (.mlir
// files with RUN lines, run as lit does; .mlir host programs with CHECK
// lines, run on a device and checked with FileCheck; AmberScript compute
// tests) on one or several Vulkan devices, in parallel, sharded across
// machines, with JUnit XML and JSON reports. `kiln test` is its command.
package suite

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/lit"
)

// Kind is what sort of test a file is.
type Kind int

const (
	// Lit is an .mlir file with RUN lines.
	Lit Kind = iota
	// Host is an .mlir host program with CHECK lines and no RUN lines:
	// `kiln run` on the device, its output checked with FileCheck.
	Host
	// Amber is an AmberScript (.amber) file.
	Amber
)

func (k Kind) String() string { return [...]string{"lit", "host", "amber"}[k] }

// A Test is one test file.
type Test struct {
	Path string // as found, below one of the paths given to Discover
	Kind Kind
}

var checkLine = regexp.MustCompile(`(?m)^\s*//\s*CHECK(-[A-Z]+)?:`)

// Discover finds the tests in paths (files, or folders searched
// recursively, skipping hidden ones), sorted by path. A folder's files
// that are not tests (.mlir files without RUN or CHECK lines, other
// extensions) are left out; a file named explicitly must be a test.
func Discover(paths []string) ([]Test, error) {
	seen := map[string]bool{}
	var tests []Test
	add := func(p string, explicit bool) error {
		p = filepath.Clean(p)
		if seen[p] {
			return nil
		}
		t, ok, err := classify(p)
		if err != nil {
			return err
		}
		if !ok {
			if explicit {
				return fmt.Errorf("%s: not a test (an .amber file, or an .mlir file with RUN or CHECK lines)", p)
			}
			return nil
		}
		seen[p] = true
		tests = append(tests, t)
		return nil
	}
	for _, root := range paths {
		st, err := os.Stat(root)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if err := add(root, true); err != nil {
				return nil, err
			}
			continue
		}
		err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != root && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			return add(p, false)
		})
		if err != nil {
			return nil, err
		}
	}
	slices.SortFunc(tests, func(a, b Test) int { return strings.Compare(a.Path, b.Path) })
	return tests, nil
}

func classify(p string) (Test, bool, error) {
	switch filepath.Ext(p) {
	case ".amber":
		return Test{Path: p, Kind: Amber}, true, nil
	case ".mlir":
		src, err := os.ReadFile(p)
		if err != nil {
			return Test{}, false, err
		}
		if len(lit.RunLines(string(src))) > 0 {
			return Test{Path: p, Kind: Lit}, true, nil
		}
		if checkLine.Match(src) {
			return Test{Path: p, Kind: Host}, true, nil
		}
	}
	return Test{}, false, nil
}

// Select keeps the tests whose path filter matches (all when nil) and,
// of those, shard index of count: every count-th test from the index-th,
// so that shards are disjoint, cover the suite and stay balanced.
func Select(tests []Test, filter *regexp.Regexp, index, count int) []Test {
	var out []Test
	n := 0
	for _, t := range tests {
		if filter != nil && !filter.MatchString(filepath.ToSlash(t.Path)) {
			continue
		}
		if count <= 1 || n%count == index {
			out = append(out, t)
		}
		n++
	}
	return out
}

// ShardFromEnv reads Bazel's TEST_SHARD_INDEX and TEST_TOTAL_SHARDS
// (ok is false when they are not set) and, as Bazel asks of a runner
// that shards, touches TEST_SHARD_STATUS_FILE when it is set.
func ShardFromEnv() (index, count int, ok bool, err error) {
	is, cs := os.Getenv("TEST_SHARD_INDEX"), os.Getenv("TEST_TOTAL_SHARDS")
	if is == "" && cs == "" {
		return 0, 1, false, nil
	}
	index, err1 := strconv.Atoi(is)
	count, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || count < 1 || index < 0 || index >= count {
		return 0, 1, false, fmt.Errorf("TEST_SHARD_INDEX=%q TEST_TOTAL_SHARDS=%q: want 0 <= index < count", is, cs)
	}
	if f := os.Getenv("TEST_SHARD_STATUS_FILE"); f != "" {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			return 0, 1, false, err
		}
	}
	return index, count, true, nil
}
