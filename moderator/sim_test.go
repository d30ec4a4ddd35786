package moderator_test

import (
	"bytes"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/scenarios"
)

// TestSimulateFrontier plays four turns of the frontier campaign offline and
// pins every state and report to golden files: the same scenario and
// orders must give the same bytes, every time.
func TestSimulateFrontier(t *testing.T) {
	first := simulate(t)
	again := simulate(t)
	for path, data := range first {
		if !bytes.Equal(data, again[path]) {
			t.Errorf("%s differs between two runs of the same campaign", path)
		}
		if strings.HasSuffix(path, ".png") {
			// Maps are pinned by the map's own golden test, within a
			// pixel tolerance; here they must only be pictures.
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("%s is not a PNG: %v", path, err)
			}
			continue
		}
		golden.Check(t, filepath.Join("testdata/sim/frontier/want", path+".golden"), data)
	}
	if len(first) != 4*(1+4*4)+1 {
		t.Errorf("simulation wrote %d files, want 4 turns × (state + 4 players × 4 report files) + log", len(first))
	}
}

// simulate runs the simulation into a temporary directory and returns every
// file it wrote, by relative path, plus its log as "sim.log".
func simulate(t *testing.T) map[string][]byte {
	t.Helper()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var log bytes.Buffer
	err = moderator.Simulate(moderator.SimOptions{Scenario: sc, Orders: "testdata/sim/frontier/orders", Turns: 4, Out: out, Log: &log})
	if err != nil {
		t.Fatalf("Simulate = %v", err)
	}
	files := map[string][]byte{"sim.log": log.Bytes()}
	err = filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(out, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
