package ir

import "strings"

// SplitMarker separates the independent parts of a file under --split-input-file.
const SplitMarker = "// -----"

// SplitInput splits src at each "// -----", anywhere in a line as MLIR's
// splitAndProcessBuffer does: the text after the marker on its line starts
// the next part. Each part is padded with empty lines (and spaces on its
// first line) so that its line and column numbers stay those of the
// original file, and diagnostics point into it.
func SplitInput(src string) []string { return SplitInputAt(src, SplitMarker) }

// SplitInputAt is SplitInput at another marker, as mlir-opt's
// --split-input-file=MARKER.
func SplitInputAt(src, marker string) []string {
	var parts []string
	line, col := 0, 0 // where src starts in the file
	for {
		pad := strings.Repeat("\n", line) + strings.Repeat(" ", col)
		i := strings.Index(src, marker)
		if i < 0 {
			return append(parts, pad+src)
		}
		parts = append(parts, pad+src[:i])
		if nl := strings.LastIndexByte(src[:i], '\n'); nl >= 0 {
			line += strings.Count(src[:i], "\n")
			col = i - nl - 1
		} else {
			col += i
		}
		col += len(marker)
		src = src[i+len(marker):]
	}
}
