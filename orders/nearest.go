package orders

import (
	"strconv"
	"strings"
)

// nearest returns the candidate closest to word, compared case-insensitively,
// if it is close enough to be a likely typo: at most one edit for short
// words, a third of the word's length for longer ones. Ties go to the
// earlier candidate, so the answer is deterministic for ordered input.
func nearest(word string, candidates []string) (string, bool) {
	w := strings.ToLower(word)
	limit := max(1, len([]rune(w))/3)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := distance(w, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist <= limit
}

// distance is the optimal-string-alignment edit distance: insertions,
// deletions, substitutions and swaps of neighbouring letters ("mvoe" is one
// edit from "move").
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Names are short; cap the work so hostile input stays cheap.
	if len(ra) > 64 || len(rb) > 64 {
		if a == b {
			return 0
		}
		return max(len(ra), len(rb))
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// maxListed is how many names a hint lists before it says "and N more".
const maxListed = 20

// list joins names for a hint: "a, b, c", or "none" when there are none.
func list[T ~string](names []T) string {
	if len(names) == 0 {
		return "none"
	}
	shown := names
	if len(shown) > maxListed {
		shown = shown[:maxListed]
	}
	var b strings.Builder
	for i, n := range shown {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(n))
	}
	if len(names) > len(shown) {
		b.WriteString(", and ")
		b.WriteString(strconv.Itoa(len(names) - len(shown)))
		b.WriteString(" more")
	}
	return b.String()
}

// strs converts typed IDs to strings for nearest.
func strs[T ~string](ids []T) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return out
}
