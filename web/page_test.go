package web_test

import (
	"strings"
	"testing"
)

// TestPageShowsTheOpenTurn: vorn's link opens vorn's page of the open
// turn: the deadline in vorn's zone with UTC beside it, the map with every
// system to tap, the builder's plan with vorn's fleets, and the report in
// a frame, under a policy that runs the daemon's own script alone.
func TestPageShowsTheOpenTurn(t *testing.T) {
	s := frontier(t)
	a := s.get(s.link("vorn"))
	if a.status != 200 {
		t.Fatalf("vorn's page: %d %s", a.status, a.body)
	}
	c := s.campaign()
	for _, want := range []string{
		"<title>Frontier Wars: turn 1, vorn</title>",
		"Orders for turn 1 are due by <strong>",
		"UTC)</strong>",
		`<svg`, `class="map"`, `data-system="mistral"`,
		`<script type="application/json" id="plan">{"campaign":"frontier","player":"vorn","turn":1,"address":"moderator@example.test","fleets":[`,
		`<iframe src="report/1" sandbox`,
		`<script src="page.js?v=`,
	} {
		if !strings.Contains(a.body, want) {
			t.Errorf("vorn's page lacks %q", want)
		}
	}
	if len(c.Players) < 2 {
		t.Fatal("frontier has fewer than two players")
	}
	if csp := a.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe") {
		t.Errorf("the page's policy is %q, want scripts from the daemon only and nothing unsafe", csp)
	}
	if got := a.header.Get("Referrer-Policy"); got != "no-referrer" {
		t.Errorf("Referrer-Policy = %q: the link would leak to other sites", got)
	}
	if strings.Contains(a.body, s.tokens["vorn"]) {
		t.Error("the page holds vorn's token")
	}
	for _, part := range []string{"report/1", "schema.json", "page.js", "page.css"} {
		if got := s.get(s.link("vorn") + part); got.status != 200 || got.body == "" {
			t.Errorf("vorn's %s: %d", part, got.status)
		}
	}
	rep := s.get(s.link("vorn") + "report/1")
	if csp := rep.header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") || strings.Contains(csp, "script") {
		t.Errorf("the report's policy is %q, want a sandbox that runs no script", csp)
	}
}
