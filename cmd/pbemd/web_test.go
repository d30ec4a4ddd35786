package main

import (
	"context"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWebPages: with web in the config, pbemd init writes the links' key
// beside the data file, readable by its user alone, and every report mail
// carries the player's link under base_url; pbemd run serves the page
// there from the moment it reports ready, says where in its log, answers
// a link that opens nothing with the one 404, and stops on SIGTERM.
func TestWebPages(t *testing.T) {
	bin := buildPbemd(t)
	site := newTestSite(t)
	site.appendConfig(t, "web: {listen: '127.0.0.1:0', base_url: 'https://pbem.example.test'}\n")
	if code, out, errOut := run(t, "init", "--config", site.config, "--scenario", "../../scenarios/frontier.yaml"); code != exitOK {
		t.Fatalf("init = %d, %q, %q", code, out, errOut)
	}
	if fi, err := os.Stat(site.data + ".webkey"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the links' key beside the data file: %v; want mode 0600", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	raw, err := site.world.Await(ctx, "vorn", "pw", "INBOX", 1) // the welcome, then the report
	if err != nil {
		t.Fatal(err)
	}
	// The text part is quoted-printable, whose soft line breaks may fall
	// anywhere.
	_, link, found := strings.Cut(strings.ReplaceAll(string(raw), "=\r\n", ""), "https://pbem.example.test/p/frontier/vorn/")
	if !found {
		t.Fatalf("vorn's report mail gives no link to vorn's page:\n%s", raw)
	}
	path := "/p/frontier/vorn/" + link[:strings.IndexAny(link, "\r\n\"<")]

	d, ready := runReady(t, bin, site)
	base := "http://" + ready.Web
	if code, body := httpGet(base + path); code != http.StatusOK || !strings.Contains(body, "<title>Frontier Wars: turn 1, vorn</title>") {
		t.Errorf("GET vorn's page = %d %.200q", code, body)
	}
	if code, body := httpGet(base + "/p/frontier/vorn/guessed/"); code != http.StatusNotFound || !strings.Contains(body, "No such page") {
		t.Errorf("GET a guessed link = %d %q, want the one 404", code, body)
	}

	d.cmd.Process.Signal(syscall.SIGTERM)
	if code := d.wait(t, 5*time.Second); code != exitOK {
		t.Errorf("pbemd exited %d after SIGTERM, want 0", code)
	}
	if _, err := http.Get(base + path); err == nil {
		t.Error("the page is still served after SIGTERM")
	}
}
