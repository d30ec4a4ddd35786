package config

import (
	"fmt"
	"strings"
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
		if d := editDistance(low, strings.ToLower(cand)); d < bestDist {
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

// editDistance counts the single-byte insertions, deletions, substitutions
// and swaps of neighbours that turn a into b (the optimal string alignment
// distance), so "vgea" is one edit from "vega".
func editDistance(a, b string) int {
	older := make([]int, len(b)+1)
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
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], older[j-2]+1)
			}
		}
		older, prev, cur = prev, cur, older
	}
	return prev[len(b)]
}
