package ir

import (
	"slices"
	"testing"
)

func TestSplitInputAt(t *testing.T) {
	for _, c := range []struct {
		src, marker string
		parts       []string
		nearMisses  []int
	}{
		// The marker splits anywhere in a line, positions kept.
		{"a\n// -----\nb", SplitMarker, []string{"a\n", "\n        \nb"}, nil},
		// One dash short: a near miss at the two characters that were
		// expected, and no split.
		{"a\n// ----\nb", SplitMarker, []string{"a\n// ----\nb"}, []int{8}},
		// Each part keeps its own position.
		{"a\n// -----\nb\nc // -----\nd", SplitMarker, []string{"a\n", "\n        \nb\nc ", "\n\n\n          \nd"}, nil},
		// More dashes split, the rest starting the next part.
		{"a\n// ------\nb", SplitMarker, []string{"a\n", "\n        -\nb"}, nil},
		// Another marker; the default one is only text then.
		{"a\n// -----\nb\n;;\nc", ";;", []string{"a\n// -----\nb\n", "\n\n\n  \nc"}, nil},
		// Nothing at all is no part, as in MLIR.
		{"", SplitMarker, nil, nil},
	} {
		parts, misses := SplitInputAt(c.src, c.marker)
		if !slices.Equal(parts, c.parts) || !slices.Equal(misses, c.nearMisses) {
			t.Errorf("SplitInputAt(%q, %q) = %q, %v; want %q, %v", c.src, c.marker, parts, misses, c.parts, c.nearMisses)
		}
	}
}
