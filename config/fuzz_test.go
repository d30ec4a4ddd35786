package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw/setup"
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

// FuzzParseScenario checks that no input makes the scenario loader or
// the catalogue reader panic, and that each returns a result or problems,
// never both or neither.
func FuzzParseScenario(f *testing.F) {
	addSeeds(f, "testdata/scenario/*/*.yaml", "../scenarios/*.yaml")
	f.Add(setup.Generate(game.ScenarioSize{Systems: 12, Players: 2, Seed: 1}))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := ParseScenario("fuzz.yaml", data, registry)
		if (sc == nil) == (err == nil) {
			t.Fatalf("ParseScenario = %v, %v; want a scenario or an error", sc, err)
		}
		if err != nil {
			wantProblems(t, err)
		}
		cat, err := ParseCatalogue("fuzz.yaml", data)
		if (cat == nil) == (err == nil) {
			t.Fatalf("ParseCatalogue = %v, %v; want a catalogue or an error", cat, err)
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
