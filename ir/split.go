package ir

import "strings"

// SplitMarker separates the independent parts of a file under --split-input-file.
const SplitMarker = "// -----"

// SplitInput splits src at each "// -----", anywhere in a line as MLIR's
// splitAndProcessBuffer does: the text after the marker on its line starts
// the next part. Each part is padded with empty lines (and spaces on its
// first line) so that its line and column numbers stay those of the
// original file, and diagnostics point into it.
func SplitInput(src string) []string {
	parts, _ := SplitInputAt(src, SplitMarker)
	return parts
}

// SplitInputAt is SplitInput at another marker, as mlir-opt's
// --split-input-file=MARKER, and returns the offsets of the near misses
// too: as MLIR, it finds the marker less its last two characters, and
// where these do not follow (say "// ----" for "// -----"), it splits
// not and mlir-opt warns.
func SplitInputAt(src, marker string) (parts []string, nearMisses []int) {
	const checkLen = 2
	if len(marker) <= checkLen {
		return splitExact(src, marker), nil
	}
	prefix, suffix := marker[:len(marker)-checkLen], marker[len(marker)-checkLen:]
	// Parts start further on each time: their lines are counted from the
	// previous one's start, not from the top again.
	line, counted := 0, 0
	part := func(start, end int) {
		line += strings.Count(src[counted:start], "\n")
		counted = start
		col := start - strings.LastIndexByte(src[:start], '\n') - 1
		parts = append(parts, strings.Repeat("\n", line)+strings.Repeat(" ", col)+src[start:end])
	}
	// The pieces between prefixes; prev is the part being grown, as
	// MLIR's sliding window.
	prevStart, prevEnd := 0, 0
	for start := 0; ; {
		end := len(src)
		if i := strings.Index(src[start:], prefix); i >= 0 {
			end = start + i
		}
		piece := src[start:end]
		switch {
		case prevStart == prevEnd:
			prevStart, prevEnd = start, end
		case strings.HasPrefix(piece, suffix) && len(piece) > checkLen && piece[checkLen] != '0':
			part(prevStart, prevEnd)
			prevStart, prevEnd = start+checkLen, end
		default:
			nearMisses = append(nearMisses, start)
			prevEnd = end
		}
		if end == len(src) {
			break
		}
		start = end + len(prefix)
	}
	if prevStart != prevEnd {
		part(prevStart, prevEnd)
	}
	return parts, nearMisses
}

// splitExact splits src at each marker, keeping positions.
func splitExact(src, marker string) []string {
	var parts []string
	line, col := 0, 0 // where src starts in the file
	for {
		pad := strings.Repeat("\n", line) + strings.Repeat(" ", col)
		i := strings.Index(src, marker)
		if i < 0 || marker == "" {
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
