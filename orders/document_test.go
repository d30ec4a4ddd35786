package orders

import (
	"os"
	"path/filepath"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestDocument checks what the kit refuses in any text, a mail's orders or
// a file, and where it says so: the positions the parser leaves out are
// found in the text.
func TestDocument(t *testing.T) {
	tests := []struct {
		name, in string
		maxDepth int
		want     string // the problems, or "" for a readable text
	}{
		{"plain", "a: 1\nb: [x, y]\n", 12, ""},
		{"standard tag", "a: !!str 1\n", 12, ""},
		{"tab indentation", "a: 1\n\tb: 2\n", 12, "f.yaml:2:1: a tab character indents this line; indent with spaces only: YAML does not allow tabs for indentation"},
		{"control character", "a: b\x01\n", 12, "f.yaml:1:5: an invisible control character (U+0001) is here, and YAML does not allow it; " +
			"delete it, or retype the line: it can come from copying text out of another program"},
		{"not UTF-8", "a: \xff\n", 12, "f.yaml:1:4: the text is not valid UTF-8 here; use UTF-8 for the whole text"},
		{"syntax error", "a: 1\nb: [x\n", 12, "f.yaml:2: a [list] is not closed, or its items are not separated by commas; write lists as [kessel, vega]"},
		{"quoted reply", "> a: 1\n> b: [\n", 12, "f.yaml:1: the text is quoted with > as in a reply; remove the > at the start of each line"},
		{"undefined alias", "a: 1\nb: *x\n", 12, "f.yaml:2:4: aliases (*name) are not allowed; write the value out in full"},
		{"anchor and aliases", "a: &x 1\nb: *x\nc: *x\n", 12, "f.yaml:1:4: anchor &x is not allowed; remove it and write each value out in full\n" +
			"f.yaml:2:4: alias *x is not allowed; write the value out in full"},
		{"binary tag", "a: !!binary Zm9v\n", 12, "f.yaml:1:4: tag !!binary is not allowed; remove the tag"},
		{"custom tag", "a: !x 1\n", 12, "f.yaml:1:4: tag !x is not allowed; remove the tag"},
		{"too deep", "a: [[[1]]]\n", 3, "f.yaml:1:6: the text nests deeper than 3 levels; check the brackets and the indentation: nothing pbemd reads nests this deep"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &Collector{File: "f.yaml"}
			top, _, ok := c.Document([]byte(tc.in), tc.maxDepth)
			got := ""
			if err := c.Err(); err != nil {
				got = err.Error()
			}
			if got != tc.want || ok != (tc.want == "") || (top != nil) != ok {
				t.Errorf("Document(%q) = %v, %v, problems\n%s\nwant\n%s", tc.in, top, ok, got, tc.want)
			}
		})
	}
}

// TestDocumentEmptyAndExtra: a text with no value is readable and has no
// top node, so the caller says what it lacks; a second document is only
// pointed at, as the caller words that problem.
func TestDocumentEmptyAndExtra(t *testing.T) {
	var c Collector
	if top, extra, ok := c.Document([]byte("# nothing yet\n---\n"), MaxDepth); top != nil || !ok || extra.Line != 0 || c.Len() != 0 {
		t.Errorf("Document(a comment) = %v, %+v, %v, %v; want no node, readable, no problems", top, extra, ok, c.Err())
	}
	top, extra, ok := c.Document([]byte("a: 1\n---\nb: 2\n"), MaxDepth)
	if !ok || top == nil || top.Kind != yaml.MappingNode || len(top.Content) != 2 || extra.Line != 2 || extra.Marker != "---" || c.Len() != 0 {
		t.Errorf("Document(two documents) = %v, %+v, %v, %v; want the first, and the second at line 2", top, extra, ok, c.Err())
	}
}

// FuzzMaxValues checks that maxValues really bounds the nodes the YAML
// parser makes, so Document may refuse a text on the estimate alone.
func FuzzMaxValues(f *testing.F) {
	for _, glob := range []string{"../rules/eaw/testdata/parse/*.yaml", "../scenarios/*.yaml"} {
		files, _ := filepath.Glob(glob)
		for _, path := range files {
			if src, err := os.ReadFile(path); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("{a, b}\n- a: b\n? x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		var doc yaml.Node
		if yaml.Unmarshal(src, &doc) != nil {
			return
		}
		if n, bound := countNodes(&doc), maxValues(src); n > bound {
			t.Fatalf("%d YAML nodes, more than maxValues %d", n, bound)
		}
	})
}

// countNodes counts the nodes in a parsed YAML tree, the document node
// included.
func countNodes(n *yaml.Node) int {
	count := 1
	for _, child := range n.Content {
		count += countNodes(child)
	}
	return count
}
