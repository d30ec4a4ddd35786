package report

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
)

// TestMaskTokensMasksEveryTokenShape checks the scan of MaskTokens and
// FindTokens against the token's shape as a regular expression, on text
// made of tokens, near-tokens (a character off, one group short, lower
// case, run together) and YAML around them: whatever the regular
// expression finds is masked, and nothing else.
func TestMaskTokensMasksEveryTokenShape(t *testing.T) {
	shape := regexp.MustCompile(`[A-Z2-7]{4}(?:-[A-Z2-7]{4}){7}`)
	pieces := []string{
		"ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567", "abcd-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567",
		"ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-456", "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-45678",
		"ABC1-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567", "ABCD-", "-", "A", "Z7", "token: ", "\n", " ", "é", "ABCD",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var src []byte
		for range rng.IntN(12) {
			src = append(src, pieces[rng.IntN(len(pieces))]...)
		}
		want := shape.ReplaceAllFunc(src, func(m []byte) []byte { return bytes.Repeat([]byte("*"), len(m)) })
		if got := MaskTokens(src); !bytes.Equal(got, want) {
			t.Fatalf("MaskTokens(%q) = %q, want %q", src, got, want)
		}
		if got, want := FindTokens(src), shape.FindAll(src, -1); !slices.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("FindTokens(%q) = %q, want %q", src, got, want)
		}
	}
}
