package main

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/store"
)

// TestVerifyExitCodes: pbemd verify exits 0 when every turn resolves
// again to what was stored, through a running daemon or on the file; 1,
// naming the difference, once a stored state was changed behind pbemd's
// back; and 2 for arguments that name no resolved turn.
func TestVerifyExitCodes(t *testing.T) {
	site := newTestSite(t)
	if code, out, errOut := run(t, "init", "--config", site.config, "--scenario", "../../scenarios/frontier.yaml"); code != exitOK {
		t.Fatalf("init = %d, %q, %q", code, out, errOut)
	}
	for range 2 {
		if code, out, errOut := run(t, "resolve", "frontier", "--config", site.config); code != exitOK {
			t.Fatalf("resolve = %d, %q, %q", code, out, errOut)
		}
	}
	code, out, errOut := run(t, "verify", "frontier", "--data", site.data)
	if code != exitOK || !strings.Contains(out, "turn 1: matches\nturn 2: matches\n") {
		t.Errorf("verify on the file = %d, %q, %q; want both turns to match", code, out, errOut)
	}
	stop := startDaemon(t, site)
	code, out, errOut = run(t, "verify", "frontier", "--turn", "2", "--config", site.config)
	if code != exitOK || !strings.Contains(out, "turn 2: matches") || strings.Contains(out, "turn 1") {
		t.Errorf("verify --turn 2 through the daemon = %d, %q, %q; want turn 2 alone to match", code, out, errOut)
	}
	stop()

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"verify", "--data", site.data}, "name one campaign"},
		{[]string{"verify", "frontier", "--turn", "3", "--data", site.data}, "turns 1 and 2 are resolved"},
		{[]string{"verify", "frontier", "--turn", "-1", "--data", site.data}, "turns count from 1"},
		{[]string{"verify", "nowhere", "--data", site.data}, "campaign not found"},
	} {
		if code, _, errOut := run(t, tc.args...); code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q = %d, %q; want exit %d saying %q", tc.args, code, errOut, exitUsage, tc.want)
		}
	}

	db, err := store.Open(site.data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("frontier", 2)
		if err != nil {
			return err
		}
		rec.State.Player("vorn").Treasury = 1
		return tx.PutTurn("frontier", rec)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, "verify", "frontier", "--data", site.data)
	if code != exitFailure || !strings.Contains(out, "turn 1: differs\n") || !strings.Contains(out, `state.players[vorn].treasury: the resolution gives `) ||
		!strings.Contains(errOut, "frontier: turns 1, 2 differ from what was stored") {
		t.Errorf("verify after vorn's treasury changed = %d, %q, %q; want exit 1 naming it", code, out, errOut)
	}
}
