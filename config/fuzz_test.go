package config

import (
	"os"
	"path/filepath"
	"testing"
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
// and that it returns a scenario or problems, never both or neither.
func FuzzParseScenario(f *testing.F) {
	addSeeds(f, "testdata/scenario/*/*.yaml", "../scenarios/*.yaml")
	f.Add(GenerateScenario(GenerateOptions{Systems: 12, Players: 2, Seed: 1}))
	f.Fuzz(func(t *testing.T, data []byte) {
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
