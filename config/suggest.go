package config

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/internal/typo"
)

const (
	// suggestBudget bounds the work spent on "did you mean" hints in one
	// file, counted in string comparisons, so a hostile file full of typos
	// cannot make the loader quadratic.
	suggestBudget = 1 << 20
	// maxSuggestLen is the longest word the loader looks up a suggestion for.
	maxSuggestLen = 64
)

// suggest returns the candidate most like s, if one is close enough to be
// a likely typo, or "" otherwise. Ties go to the earlier candidate.
func (c *checker) suggest(s string, candidates []string) string {
	if s == "" || len(s) > maxSuggestLen || c.budget < len(candidates) {
		return ""
	}
	c.budget -= len(candidates)
	low := strings.ToLower(s)
	limit := len(low) / 3
	if limit < 1 && len(low) >= 3 {
		limit = 1
	}
	best, bestDist := "", limit+1
	for _, cand := range candidates {
		if cand == s || len(cand) > maxSuggestLen {
			continue
		}
		if d := typo.Distance(low, strings.ToLower(cand)); d < bestDist {
			best, bestDist = cand, d
		}
	}
	return best
}

// didYouMean formats a suggestion for the end of a message, or "".
func didYouMean(s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", s)
}

// oneOf lists choices for a message: "a", "a or b", "a, b or c".
func oneOf(choices []string) string {
	if len(choices) < 2 {
		return strings.Join(choices, "")
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}
