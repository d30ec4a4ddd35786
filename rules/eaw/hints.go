package eaw

import (
	"strconv"
	"strings"
)

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

// strs converts typed IDs to strings for Suggest.
func strs[T ~string](ids []T) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return out
}
