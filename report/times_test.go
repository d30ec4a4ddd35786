package report

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/internal/mailtimes"
)

// mailGoldens are where the golden files of what mails say live: this
// kit's texts and replies, the rulesets' reports, welcomes,
// confirmations and digests, and every kind of mail the daemon sends in
// a campaign of each ruleset (moderator/testdata/mails). The rulesets'
// parse goldens tell positions in a file, not times, and JSON is for
// machines.
var mailGoldens = []string{"testdata", "../rules/eaw/testdata", "../rules/thunderdome/testdata", "../moderator/testdata/mails"}

// TestEveryGoldenTimeInTheReadersZone: every time in every golden file
// of a mail is written in the one form, in the reader's time zone with
// UTC beside it (FormatDeadline).
func TestEveryGoldenTimeInTheReadersZone(t *testing.T) {
	n := 0
	for _, root := range mailGoldens {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && d.Name() == "parse":
				return filepath.SkipDir
			case d.IsDir() || !strings.HasSuffix(path, ".golden") || strings.HasSuffix(path, ".json.golden") || strings.HasSuffix(path, ".png.golden"):
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			for _, p := range mailtimes.Check(string(data), nil) {
				t.Errorf("%s: %s", path, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 300 {
		t.Errorf("checked %d golden files; want the mails of every text, report and campaign", n)
	}
}
