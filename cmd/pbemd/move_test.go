package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMoveCampaign moves a campaign from one daemon to another while both
// run: export --remove through the first daemon, import through the
// second, which tells every player and the GM where to write now. The
// orders on file move with it, and a player's next orders,
// with the token of the first daemon's welcome, are confirmed by the
// second, which holds both players' orders then; the first no longer runs
// the campaign. The second serves the players' pages, and each player's
// mail about the move gives the link that opens theirs there.
func TestMoveCampaign(t *testing.T) {
	from, to := newTestSite(t), newTestSite(t)
	to.appendConfig(t, "web: {listen: '127.0.0.1:0', base_url: 'https://two.example.test'}\n")
	if code, out, errOut := run(t, "init", "--config", from.config, "--scenario", "../../scenarios/frontier.yaml"); code != exitOK {
		t.Fatalf("init = %d, %q, %q", code, out, errOut)
	}
	vorn, castellan := tokenOf(t, from, "vorn"), tokenOf(t, from, "castellan")
	stopFrom := startDaemon(t, from)
	defer stopFrom()
	stopTo, toLog := startDaemonLogged(t, to)
	defer stopTo()
	waitFor(t, 10*time.Second, "the second daemon's ready line", func() bool {
		_, after, found := strings.Cut(toLog.String(), readyMsg)
		return found && strings.Contains(after, "\n")
	})
	web := loggedReady(t, toLog.String()).Web
	sendOrders(t, from, "vorn", vorn, "1st", "ferrum")
	if reply := waitForMail(t, from.world, "vorn", 3); !strings.Contains(reply.Subject, "accepted") {
		t.Fatalf("reply to vorn's orders = %q", reply.Subject)
	}

	export := filepath.Join(t.TempDir(), "frontier.pbemd")
	code, out, errOut := run(t, "export", "frontier", "--out", export, "--remove", "--config", from.config)
	if code != exitOK || !strings.Contains(out, "exported frontier to "+export+": 1 turns") || !strings.Contains(out, "no longer in") {
		t.Fatalf("export --remove = %d, %q, %q", code, out, errOut)
	}
	if code, _, errOut := run(t, "export", "frontier", "--out", export+".2", "--config", from.config); code != exitFailure || !strings.Contains(errOut, "not found") {
		t.Errorf("export after --remove = %d, %q; want the campaign not found", code, errOut)
	}
	if code, out, _ := run(t, "status", "--config", from.config); code != exitOK || strings.Contains(out, "frontier") {
		t.Errorf("the first daemon's status after the move = %d, %q; want no frontier", code, out)
	}

	code, out, errOut = run(t, "import", "--from", export, "--config", to.config)
	if code != exitOK || !strings.Contains(out, "imported frontier") || !strings.Contains(out, "is mailed this daemon's address") {
		t.Fatalf("import = %d, %q, %q", code, out, errOut)
	}
	// Every player and the GM hear of the move from the new address.
	for _, user := range []string{"vorn", "castellan", "ashari", "tekkar", "gm"} {
		moved := waitForMail(t, to.world, user, 1)
		if !strings.Contains(moved.Subject, "Frontier Wars now runs at moderator@example.test") || !strings.Contains(string(moved.Text), "Turn 1 is open;") {
			t.Errorf("%s's mail about the move: %q\n%s", user, moved.Subject, moved.Text)
		}
		_, link, found := strings.Cut(string(moved.Text), "https://two.example.test/p/frontier/")
		if user == "gm" {
			if found {
				t.Errorf("the GM's mail about the move gives a page's link:\n%s", moved.Text)
			}
			continue
		}
		path := "/p/frontier/" + strings.TrimSpace(strings.SplitN(link, "\n", 2)[0])
		if code, body := httpGet("http://" + web + path); !found || code != http.StatusOK || !strings.Contains(body, "<title>Frontier Wars: turn 1, "+user+"</title>") {
			t.Errorf("%s's page from the link in the mail about the move: %d %.200q\n%s", user, code, body, moved.Text)
		}
	}
	if code, _, errOut := run(t, "import", "--from", export, "--config", to.config); code != exitFailure || !strings.Contains(errOut, "exists") {
		t.Errorf("a second import = %d, %q; want the campaign refused as there already", code, errOut)
	}
	sendOrders(t, to, "castellan", castellan, "1st", "quillon")
	if reply := waitForMail(t, to.world, "castellan", 2); !strings.Contains(reply.Subject, "accepted") {
		t.Fatalf("the second daemon's reply to castellan's orders = %q", reply.Subject)
	}
	code, out, errOut = run(t, "status", "--config", to.config)
	if code != exitOK || !strings.Contains(out, "frontier (Frontier Wars): running, turn 1") || !strings.Contains(out, "on file:  vorn, castellan") {
		t.Errorf("the second daemon's status = %d, %q, %q; want frontier with vorn's and castellan's orders on file", code, out, errOut)
	}
}
