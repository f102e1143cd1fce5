// Package suggest finds the likely intended name for a mistyped one, for
// "did you mean" hints in command-line and pipeline errors.
package suggest

import "sort"

// Closest returns the name among names nearest to s in edit distance,
// when near enough to be a likely typo, else "".
func Closest(s string, names []string) string {
	sort.Strings(names)
	best, bestDist := "", min(max(len(s)/3, 1), 3)
	for _, n := range names {
		if d := editDistance(s, n); d <= bestDist && (best == "" || d < editDistance(s, best)) {
			best = n
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
