package config

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestTimingCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(os.Getenv("CORPUS"), "*"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		// corpus file format: go test fuzz v1\n[]byte("...")
		lines := string(b)
		start := len("go test fuzz v1\n[]byte(")
		s, err := strconv.Unquote(lines[start : len(lines)-2])
		if err != nil {
			t.Logf("%s: %v", f, err)
			continue
		}
		t0 := time.Now()
		ParseScenario("x", []byte(s))
		if d := time.Since(t0); d > 5*time.Millisecond {
			t.Logf("%s: %v len %d", filepath.Base(f), d, len(s))
		}
	}
}
