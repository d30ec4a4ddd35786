// Package typo measures how far apart two words are, for the "did you
// mean" hints that scenario and order checks give.
package typo

// maxRunes bounds the words Distance compares letter by letter, so hostile
// input stays cheap; longer words are only equal or far apart.
const maxRunes = 64

// Distance is the optimal-string-alignment edit distance between a and b:
// the insertions, deletions, substitutions and swaps of neighbouring
// letters that turn one into the other ("mvoe" is one edit from "move").
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > maxRunes || len(rb) > maxRunes {
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
