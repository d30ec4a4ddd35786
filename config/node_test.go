package config

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestOneDocumentPerFile: a config, scenario or battle file holds one YAML
// document. A second one, or text after a "..." line, is a problem at the
// line of its marker rather than dropped without a word; a "---" before
// the document and comments after a "...", as editors write them, are
// fine.
func TestOneDocumentPerFile(t *testing.T) {
	readers := []struct {
		name, file string
		parse      func(data []byte) error
	}{
		{"config", "example.yaml", func(data []byte) error { _, err := Parse("f.yaml", data); return err }},
		{"scenario", "../scenarios/frontier.yaml", func(data []byte) error { _, err := ParseScenario("f.yaml", data, registry); return err }},
		{"battle", "testdata/battle/good/inline.yaml", func(data []byte) error { _, err := ParseBattle("f.yaml", data, nil); return err }},
	}
	for _, r := range readers {
		t.Run(r.name, func(t *testing.T) {
			good, err := os.ReadFile(r.file)
			if err != nil {
				t.Fatal(err)
			}
			next := bytes.Count(good, []byte("\n")) + 1 // the line after the file
			for _, in := range [][]byte{good, append([]byte("---\n"), good...), append(bytes.Clone(good), "...\n\n# the end\n"...)} {
				if err := r.parse(in); err != nil {
					t.Errorf("%s with one document: %v", r.file, err)
				}
			}
			tests := []struct {
				name, tail, want string
			}{
				{"second document", "---\n" + string(good), `a second YAML document starts here with "---"; only one document is read`},
				{"empty second document", "---\n", `a second YAML document starts here with "---"`},
				{"text after the end", "...\nextra: 1\n", `the YAML document ends here with "...", but more text follows`},
			}
			for _, tc := range tests {
				err := r.parse(append(bytes.Clone(good), tc.tail...))
				var found bool
				for _, p := range wantProblems(t, err) {
					found = found || p.Line == next && p.Col == 1 && strings.Contains(p.Msg, tc.want)
				}
				if !found {
					t.Errorf("%s: %s and a %s: %v\nwant at line %d: %s", r.name, r.file, tc.name, err, next, tc.want)
				}
			}
		})
	}
}
