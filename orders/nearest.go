package orders

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/internal/typo"
)

// suggestBudget bounds the string comparisons the "did you mean" hints of
// one text may take: a hostile text full of typos, checked against a map
// of thousands of systems, must not make checking it quadratic.
const suggestBudget = 1 << 20

// Suggest returns the known word closest to word, compared
// case-insensitively, if it is close enough to be a likely typo: at most a
// third of its length in edits, and at least one edit for a word of three
// characters or more (a shorter word only differs in case, as one edit is
// half of it). Ties go to the earlier candidate, so the answer is
// deterministic for ordered input. Once the text's budget of comparisons is
// spent, it suggests nothing.
func (c *Collector) Suggest(word string, known []string) (string, bool) {
	if word == "" || c.compared+len(known) > suggestBudget {
		return "", false
	}
	c.compared += len(known)
	w := strings.ToLower(word)
	n := len([]rune(w))
	limit := n / 3
	if n >= 3 {
		limit = max(1, limit)
	}
	best, bestDist := "", limit+1
	for _, k := range known {
		if d := typo.Distance(w, strings.ToLower(k)); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best, bestDist <= limit
}

// DidYouMean is the question that suggests the known word closest to word,
// `did you mean "vega"?`, or "" when none is close.
func (c *Collector) DidYouMean(word string, known []string) string {
	if s, ok := c.Suggest(word, known); ok {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return ""
}

// NearestHint is the hint for an unknown name: the nearest known one if
// it is close, and the full list, "did you mean "vega"? systems: ...".
// what names the list.
func (c *Collector) NearestHint(word string, known []string, what string) string {
	all := what + ": " + strings.Join(known, ", ")
	if q := c.DidYouMean(word, known); q != "" {
		return q + " " + all
	}
	return all
}
