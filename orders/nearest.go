package orders

import (
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/internal/typo"
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
		if d := typo.Distance(w, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist <= limit
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
