package web_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/web"
	"github.com/pbemd/pbemd/workflow"
)

// TestPageShowsTheOpenTurn: vorn's link opens vorn's page of the open
// turn: the deadline in vorn's zone with UTC beside it, the map with every
// system to tap, the builder's plan with vorn's fleets, and the report in
// a frame, under a policy that runs the daemon's own script alone.
func TestPageShowsTheOpenTurn(t *testing.T) {
	t.Parallel()
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

// TestLinksThatOpenNothingGetOne404: a wrong secret, another player's
// secret, an unknown campaign or player, a path that is no page's, a
// turn that has no report and a wrong method all get the same answer as
// a page that never existed: nothing tells a guesser which part was right.
func TestLinksThatOpenNothingGetOne404(t *testing.T) {
	t.Parallel()
	s := frontier(t)
	vorn, castellan := s.link("vorn"), s.link("castellan")
	secretOf := func(link string) string { return strings.Split(strings.TrimSuffix(link, "/"), "/")[6] }
	base := s.srv.URL
	want := s.get(base + "/nothing-here")
	if want.status != 404 || !strings.Contains(want.body, "No such page") {
		t.Fatalf("a path that is no page's: %d %q", want.status, want.body)
	}
	for name, url := range map[string]string{
		"a wrong secret":              strings.Replace(vorn, secretOf(vorn), "AAAAAAAAAAAAAAAAAAAAAAAA", 1),
		"castellan's secret for vorn": strings.Replace(vorn, secretOf(vorn), secretOf(castellan), 1),
		"a secret cut short":          strings.Replace(vorn, secretOf(vorn), secretOf(vorn)[:20], 1),
		"an unknown campaign":         strings.Replace(vorn, "/frontier/", "/frontiers/", 1),
		"an unknown player":           strings.Replace(vorn, "/vorn/", "/vorne/", 1),
		"no secret":                   base + "/p/frontier/vorn/",
		"a page under the link":       vorn + "admin",
		"a turn with no report":       vorn + "?turn=2",
		"a report of no turn":         vorn + "report/9",
		"the root":                    base + "/",
	} {
		got := s.get(url)
		if got.status != want.status || got.body != want.body || got.header.Get("Content-Type") != want.header.Get("Content-Type") {
			t.Errorf("%s: %d %q, want the one 404", name, got.status, got.body)
		}
	}
	if got := s.do("POST", vorn, "x"); got.status != 404 || got.body != want.body {
		t.Errorf("a POST to the page: %d %q, want the one 404", got.status, got.body)
	}
	if got := s.do("GET", vorn+"check", ""); got.status != 404 || got.body != want.body {
		t.Errorf("a GET of the check: %d %q, want the one 404", got.status, got.body)
	}
}

// TestANewTokenRevokesTheLink: when a seat's token is replaced, its old
// link gets the one 404 and the new link opens the page.
func TestANewTokenRevokesTheLink(t *testing.T) {
	t.Parallel()
	s := frontier(t)
	old := s.link("vorn")
	err := s.db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign(s.id)
		if err != nil {
			return err
		}
		c.Seat("vorn").TokenHash = workflow.HashToken("A-NEW-TOKEN")
		return tx.PutCampaign(c)
	})
	if err != nil {
		t.Fatal(err)
	}
	now := s.link("vorn")
	if now == old {
		t.Fatal("the link did not change with the token")
	}
	if got := s.get(old); got.status != 404 {
		t.Errorf("the old link after a new token: %d, want 404", got.status)
	}
	if got := s.get(now); got.status != 200 {
		t.Errorf("the new link: %d, want 200", got.status)
	}
}

// TestCheckAnswersAsTheMailWould: the builder's dry run answers orders
// with a mistake with the refusal a mail would get, line and column
// included, and good orders with the confirmation's costed echo; and it
// changes nothing: no orders on file, no mail queued.
func TestCheckAnswersAsTheMailWould(t *testing.T) {
	t.Parallel()
	s := frontier(t)
	queued := s.outbox()
	check := s.link("vorn") + "check"
	// The page sends the mail it writes, with a stand-in for the token, so
	// that the lines are numbered as the mail's.
	bad := s.do("POST", check, "campaign: frontier\nplayer: vorn\nturn: 1\ntoken: not sent to the page\norders:\n  - move: {fleet: 1st, path: [nowhere]}\n")
	var a struct {
		Accepted bool
		Subject  string
		Text     string
	}
	decode(t, bad, &a)
	if a.Accepted || a.Subject != "[frontier] Orders not accepted" || !strings.Contains(a.Text, `Line 6, column 31 of your mail: (EaW 5a) there is no system "nowhere"`) {
		t.Errorf("orders with an unknown system: %+v", a)
	}
	good := s.do("POST", check, "campaign: frontier\nplayer: vorn\nturn: 1\norders:\n  - move: {fleet: 2nd, path: [mistral]}\n")
	decode(t, good, &a)
	if !a.Accepted || !strings.Contains(a.Text, "move: {fleet: 2nd, path: [mistral]}") || !strings.Contains(a.Text, "Order points:") {
		t.Errorf("good orders: %+v", a)
	}
	other := s.do("POST", check, "campaign: frontier\nplayer: castellan\nturn: 1\norders: []\n")
	decode(t, other, &a)
	if a.Accepted || !strings.Contains(a.Text, "castellan") {
		t.Errorf("orders for another seat from vorn's page: %+v", a)
	}
	if n := s.outbox(); n != queued {
		t.Errorf("the dry runs queued %d mails", n-queued)
	}
	if page := s.get(s.link("vorn")); strings.Contains(page.body, "Orders on file") {
		t.Error("a dry run put orders on file")
	}
}

// TestCheckBodiesAreBounded: a body past the largest orders a mail may
// carry is refused unread with 413.
func TestCheckBodiesAreBounded(t *testing.T) {
	t.Parallel()
	s := frontier(t)
	got := s.do("POST", s.link("vorn")+"check", strings.Repeat("# padding\n", 8000))
	if got.status != 413 || !strings.Contains(got.body, "too long") {
		t.Errorf("an 80 KB check: %d %q, want 413", got.status, got.body)
	}
}

// TestRequestsAreRateLimited: past its burst, a link gets 429 with a
// Retry-After, and another player's link from elsewhere still works;
// past the address's burst, every link from that address waits.
func TestRequestsAreRateLimited(t *testing.T) {
	t.Parallel()
	s := newSite(t, "frontier.yaml", scenarios.Frontier, nil, web.Limits{LinkRate: 0.001, LinkBurst: 3, AddressRate: 0.001, AddressBurst: 100})
	vorn := s.link("vorn")
	for i := range 3 {
		if got := s.get(vorn + "page.css"); got.status != 200 {
			t.Fatalf("request %d of the burst: %d", i+1, got.status)
		}
	}
	got := s.get(vorn + "page.css")
	if got.status != 429 || got.header.Get("Retry-After") == "" {
		t.Errorf("past the link's burst: %d, Retry-After %q; want 429 with a Retry-After", got.status, got.header.Get("Retry-After"))
	}
	if got := s.get(s.link("castellan") + "page.css"); got.status != 200 {
		t.Errorf("another link while vorn's waits: %d, want 200", got.status)
	}

	s = newSite(t, "frontier.yaml", scenarios.Frontier, nil, web.Limits{LinkRate: 0.001, LinkBurst: 100, AddressRate: 0.001, AddressBurst: 5})
	for range 5 {
		s.get(s.srv.URL + "/guess")
	}
	if got := s.get(s.link("vorn")); got.status != 429 {
		t.Errorf("a good link from an address past its burst of guesses: %d, want 429", got.status)
	}

	// Behind a reverse proxy on the same machine, each player's address
	// is the one the proxy appended to X-Forwarded-For.
	s = newSite(t, "frontier.yaml", scenarios.Frontier, nil, web.Limits{LinkRate: 0.001, LinkBurst: 100, AddressRate: 0.001, AddressBurst: 2})
	from := func(addr string) int {
		req, _ := http.NewRequest("GET", s.link("vorn")+"page.css", nil)
		req.Header.Set("X-Forwarded-For", "10.9.9.9, "+addr)
		res, err := s.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for i, want := range []int{200, 200, 429} {
		if got := from("192.0.2.1"); got != want {
			t.Errorf("request %d from 192.0.2.1 through the proxy: %d, want %d", i+1, got, want)
		}
	}
	if got := from("192.0.2.2"); got != 200 {
		t.Errorf("another address through the same proxy: %d, want 200", got)
	}
}

// TestPageSaysWhoseTurnItIs: in Thunderdome IV, where one player moves at
// a time (UTD2.1), the page of a player who owes nothing says whose turn
// it is and by when, in the reader's zone with UTC beside it, as the
// refusal of their orders would; and it offers no order builder.
func TestPageSaysWhoseTurnItIs(t *testing.T) {
	t.Parallel()
	s := newSite(t, "thunderdome.yaml", scenarios.Thunderdome, func(st *campaign.State) {
		for i := range st.Players {
			st.Players[i].TimeZone = "Europe/Berlin"
		}
	}, web.Limits{})
	c := s.campaign()
	due := c.DueSeats()
	if len(due) != 1 {
		t.Fatalf("%d seats owe orders, want one", len(due))
	}
	for _, seat := range c.Players {
		page := s.get(s.link(seat.Player)).body
		if seat.Player == due[0].Player {
			if !strings.Contains(page, "Orders for turn 1 are due by") || !strings.Contains(page, `id="builder"`) {
				t.Errorf("%s, who owes orders, has no deadline or builder", seat.Player)
			}
			continue
		}
		line := between(page, `<p class="due" id="due">`, "</p>")
		berlin := report.FormatDeadline(due[0].Deadline, mustZone(t, "Europe/Berlin"))
		if !strings.HasPrefix(line, "You owe no orders for turn 1.") || !strings.Contains(line, string(due[0].Player)) ||
			!strings.Contains(line, berlin) || !strings.Contains(berlin, "CET (") || strings.Contains(page, `id="builder"`) {
			t.Errorf("%s's page does not say whose turn it is and by when (%s), or offers a builder:\n%s", seat.Player, berlin, line)
		}
		if strings.Contains(page, " 0001 ") {
			t.Errorf("%s's page gives a deadline in the year 1", seat.Player)
		}
	}
}

// between is the part of s from the first start to the next end.
func between(s, start, end string) string {
	_, after, _ := strings.Cut(s, start)
	before, _, _ := strings.Cut(after, end)
	return before
}

// mustZone loads a time zone.
func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestAPlayerWhoIsOutReadsNoLaterTurn: once a player is out, their link
// shows the reports they had, up to their last, and nothing of the turns
// after it; a seat that went out before pbemd kept its last report opens
// nothing at all.
func TestAPlayerWhoIsOutReadsNoLaterTurn(t *testing.T) {
	t.Parallel()
	s := frontier(t)
	s.editSeat("vorn", func(seat *store.Seat) { seat.Leave("dropped by the GM", 1) })
	s.process()
	s.process()
	vorn := s.link("vorn")
	if got := s.get(vorn); got.status != 200 || !strings.Contains(got.body, "<title>Frontier Wars: turn 1, vorn</title>") ||
		!strings.Contains(got.body, "You are out of the campaign") {
		t.Errorf("vorn's page once out: %d, want turn 1, the last report vorn had", got.status)
	}
	for _, path := range []string{"?turn=2", "?turn=3", "report/2", "report/3"} {
		if got := s.get(vorn + path); got.status != 404 {
			t.Errorf("vorn's %s once out: %d, want 404", path, got.status)
		}
	}
	if got := s.get(s.link("castellan") + "?turn=3"); got.status != 200 {
		t.Errorf("castellan, who plays on, reads turn 3: %d", got.status)
	}
	s.editSeat("ashari", func(seat *store.Seat) { seat.Leave("dropped before pbemd kept last reports", 0) })
	if got := s.get(s.link("ashari") + "?turn=1"); got.status != 404 {
		t.Errorf("a seat out with no last report known: %d, want 404", got.status)
	}
}

// TestRequestsSideBySide: players load pages, check orders and guess
// links all at once; every answer is the one it would be alone. The race
// pass runs it for the limits' and the handlers' shared state.
func TestRequestsSideBySide(t *testing.T) {
	t.Parallel()
	s := newSite(t, "frontier.yaml", scenarios.Frontier, nil, web.Limits{LinkRate: 1, LinkBurst: 1000, AddressRate: 1, AddressBurst: 1000})
	links := map[campaign.PlayerID]string{}
	for _, p := range []campaign.PlayerID{"vorn", "castellan", "ashari", "tekkar"} {
		links[p] = s.link(p)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for p, link := range links {
		wg.Go(func() {
			for range 3 {
				for _, req := range []struct {
					method, path, body string
					status             int
					says               string
				}{
					{"GET", link, "", 200, "<title>Frontier Wars: turn 1, " + string(p) + "</title>"},
					{"POST", link + "check", "campaign: frontier\nplayer: " + string(p) + "\nturn: 1\ntoken: x\norders: []\n", 200, `"accepted":true`},
					{"GET", link + "page.js", "", 200, "order builder"},
					{"GET", s.srv.URL + "/p/frontier/" + string(p) + "/AAAAAAAAAAAAAAAAAAAAAAAA/", "", 404, "No such page"},
				} {
					// Not s.do, which fails the test from this goroutine.
					hr, err := http.NewRequest(req.method, req.path, strings.NewReader(req.body))
					if err != nil {
						errs <- err.Error()
						return
					}
					res, err := s.srv.Client().Do(hr)
					if err != nil {
						errs <- err.Error()
						return
					}
					body, err := io.ReadAll(res.Body)
					res.Body.Close()
					if err != nil || res.StatusCode != req.status || !strings.Contains(string(body), req.says) {
						errs <- fmt.Sprintf("%s %s: %d %.120q %v", req.method, req.path, res.StatusCode, body, err)
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
