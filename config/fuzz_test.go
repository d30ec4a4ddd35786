package config

import (
	"os"
	"path/filepath"
	"testing"

	"go.yaml.in/yaml/v3"
)

// addSeeds adds every YAML file under the globs to the fuzz corpus.
func addSeeds(f *testing.F, globs ...string) {
	f.Helper()
	for _, glob := range globs {
		files, err := filepath.Glob(glob)
		if err != nil {
			f.Fatal(err)
		}
		for _, path := range files {
			data, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
}

// FuzzParseScenario checks that no input makes the scenario loader panic,
// that it returns a scenario or problems, never both or neither, and that
// maxValues really bounds the nodes the YAML parser makes.
func FuzzParseScenario(f *testing.F) {
	addSeeds(f, "testdata/scenario/*/*.yaml", "../scenarios/*.yaml")
	f.Add(GenerateScenario(GenerateOptions{Systems: 12, Players: 2, Seed: 1}))
	f.Fuzz(func(t *testing.T, data []byte) {
		var doc yaml.Node
		if yaml.Unmarshal(data, &doc) == nil {
			if n, bound := countNodes(&doc), maxValues(data); n > bound {
				t.Fatalf("%d YAML nodes, more than maxValues %d", n, bound)
			}
		}
		sc, err := ParseScenario("fuzz.yaml", data)
		if (sc == nil) == (err == nil) {
			t.Fatalf("ParseScenario = %v, %v; want a scenario or an error", sc, err)
		}
		if err != nil {
			wantProblems(t, err)
		}
	})
}

// FuzzParse checks that no input makes the config loader panic.
func FuzzParse(f *testing.F) {
	addSeeds(f, "testdata/config/*/*.yaml")
	f.Add(Example())
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse("fuzz.yaml", data)
		if (cfg == nil) == (err == nil) {
			t.Fatalf("Parse = %v, %v; want a config or an error", cfg, err)
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
