package ir

import "strings"

// SplitMarker separates the independent parts of a file under --split-input-file.
const SplitMarker = "// -----"

// SplitInput splits src at lines that start with "// -----". Each part is
// padded with empty lines so that its line numbers stay those of the
// original file, and diagnostics point into it.
func SplitInput(src string) []string {
	var parts []string
	start, lines, startLine := 0, 0, 0
	for i := 0; i <= len(src); {
		end := strings.IndexByte(src[i:], '\n')
		next := len(src) + 1
		if end >= 0 {
			next = i + end + 1
		}
		line := src[i:min(next, len(src))]
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), SplitMarker) {
			parts = append(parts, strings.Repeat("\n", startLine)+src[start:i])
			start, startLine = min(next, len(src)), lines+1
		}
		lines++
		i = next
	}
	return append(parts, strings.Repeat("\n", startLine)+src[start:])
}
