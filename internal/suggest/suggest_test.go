package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"canonicalize", "cse", "device", "entry", "opt", "run"}
	for _, c := range []struct{ in, want string }{
		{"canonicalise", "canonicalize"},
		{"devcie", "device"},
		{"optt", "opt"},
		{"csee", "cse"},
		{"nope", ""}, // two edits from "opt" is too far for four letters
		{"zzzzzz", ""},
		{"", ""},
	} {
		if got := Closest(c.in, names); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
