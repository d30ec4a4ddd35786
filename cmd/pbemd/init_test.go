package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestInitWhileTheDaemonRuns: pbemd init reaches a running daemon through
// its control socket, with the scenario read from a path relative to the
// caller. The daemon creates the campaign, mails the welcomes at once and
// takes orders for it, with no downtime. The same scenario again is
// refused, and a bad one gives the same problems and exit code through
// the daemon as without one (issue 12, item 22).
func TestInitWhileTheDaemonRuns(t *testing.T) {
	site := newTestSite(t)
	frontier, err := os.ReadFile("../../scenarios/frontier.yaml")
	if err != nil {
		t.Fatal(err)
	}
	stop := startDaemon(t, site)
	t.Chdir(site.dir) // relative paths, as the GM types them
	os.WriteFile("my-campaign.yaml", frontier, 0o600)
	os.WriteFile("bad.yaml", bytes.Replace(frontier, []byte("[drakkar, ferrum]"), []byte("[drakkar, fernum]"), 1), 0o600)

	code, out, errOut := run(t, "init", "--config", "pbemd.yaml", "--scenario", "my-campaign.yaml")
	if code != exitOK || !strings.Contains(out, "campaign frontier created with 4 players; turn 1 is open") || !strings.Contains(out, "the daemon (pid ") {
		t.Fatalf("init while the daemon runs = %d, %q, %q", code, out, errOut)
	}
	vorn := tokenOf(t, site, "vorn")
	sendOrders(t, site, "vorn", vorn, "1st", "ferrum")
	if reply := waitForMail(t, site.world, "vorn", 3); !strings.Contains(reply.Subject, "accepted") {
		t.Errorf("reply to vorn's orders = %q, want them accepted", reply.Subject)
	}
	if code, _, errOut := run(t, "init", "--config", "pbemd.yaml", "--scenario", "my-campaign.yaml"); code != exitFailure || !strings.Contains(errOut, "exists already") {
		t.Errorf("init of the same campaign again = %d, %q; want exit %d saying it exists", code, errOut, exitFailure)
	}
	code, _, viaDaemon := run(t, "init", "--config", "pbemd.yaml", "--scenario", "bad.yaml")
	if code != exitProblems || !strings.HasPrefix(viaDaemon, "bad.yaml:") || !strings.Contains(viaDaemon, "fernum") {
		t.Errorf("init of a bad scenario through the daemon = %d, %q; want exit %d with bad.yaml:line:col", code, viaDaemon, exitProblems)
	}
	stop()
	if code, _, direct := run(t, "init", "--config", "pbemd.yaml", "--scenario", "bad.yaml"); code != exitProblems || direct != viaDaemon {
		t.Errorf("init of a bad scenario without a daemon = %d, %q; want exit %d and what the daemon said, %q", code, direct, exitProblems, viaDaemon)
	}
}
