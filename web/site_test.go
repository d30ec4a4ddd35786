package web_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
	"github.com/pbemd/pbemd/web"
	"github.com/pbemd/pbemd/workflow"
)

// start is when every test campaign is created: a Thursday.
var start = time.Date(2026, 11, 19, 15, 0, 0, 0, time.UTC)

// testKey is the page key of every test site, so that two sites of the
// same campaign give the same links.
var testKey = []byte("0123456789abcdef0123456789abcdef")

// site is a daemon's store with one campaign in it and the pages served
// over loopback HTTP.
type site struct {
	t       testing.TB
	handler http.Handler
	db      *storetest.DB
	mod     *moderator.Moderator
	pages   *workflow.Pages
	srv     *httptest.Server
	id      campaign.ID
	tokens  map[campaign.PlayerID]string
}

// newSite creates the campaign of sc, whose state change may alter first,
// and serves its pages with limits (zero: the defaults).
func newSite(t testing.TB, file string, src []byte, change func(*campaign.State), limits web.Limits) *site {
	t.Helper()
	sc, err := config.ParseScenario(file, src, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	if change != nil {
		change(sc.State)
	}
	s := &site{t: t, db: storetest.Open(t), id: sc.State.Campaign, tokens: map[campaign.PlayerID]string{}}
	clk := clocktest.New(start)
	log := slog.New(slog.DiscardHandler)
	// The links are made under the test server's address, known once it
	// listens: a handler that waits for the server.
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }))
	t.Cleanup(s.srv.Close)
	s.pages = workflow.NewPages(s.srv.URL, testKey)
	s.mod = moderator.New(moderator.Options{DB: s.db.DB, Rulesets: rules.Registry(), Address: "moderator@example.test",
		Clock: clk, Rand: rand.NewChaCha8([32]byte{5}), Logger: log, Pages: s.pages})
	seats, err := s.mod.CreateCampaign(context.Background(), sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range seats {
		s.tokens[seat.Player] = seat.Token
	}
	s.handler = web.New(web.Options{DB: s.db.DB, Rules: rules.Registry(), Moderation: s.mod.Moderation, Pages: s.pages,
		Address: "moderator@example.test", Clock: clk, Logger: log, Limits: limits}).Handler()
	return s
}

// frontier is a site of the EaW frontier campaign.
func frontier(t testing.TB) *site {
	return newSite(t, "frontier.yaml", scenarios.Frontier, nil, web.Limits{})
}

// campaign reads the campaign's record.
func (s *site) campaign() *store.Campaign { return readCampaign(s.t, s.db.DB, s.id) }

// readCampaign reads campaign id's record from db.
func readCampaign(t testing.TB, db *store.DB, id campaign.ID) *store.Campaign {
	t.Helper()
	var c *store.Campaign
	err := db.View(func(tx *store.Tx) error {
		var err error
		c, err = tx.Campaign(id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// link is the link to player's page, as their report mails give it.
func (s *site) link(player campaign.PlayerID) string {
	s.t.Helper()
	c := s.campaign()
	seat := c.Seat(player)
	if seat == nil {
		s.t.Fatalf("no seat %s", player)
	}
	return s.pages.Link(c.ID, seat)
}

// answer is what a request got.
type answer struct {
	status int
	header http.Header
	body   string
}

// get fetches url.
func (s *site) get(url string) answer {
	s.t.Helper()
	return s.do(http.MethodGet, url, "")
}

// do sends a request with body.
func (s *site) do(method, url, body string) answer {
	s.t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return answer{status: res.StatusCode, header: res.Header, body: string(data)}
}

// process resolves the open turn with the orders on file.
func (s *site) process() {
	s.t.Helper()
	if err := s.mod.Process(context.Background(), s.id); err != nil {
		s.t.Fatal(err)
	}
}

// outbox is how many mails wait to be sent.
func (s *site) outbox() int {
	s.t.Helper()
	var n int
	if err := s.db.View(func(tx *store.Tx) error { n = tx.OutboxLen(); return nil }); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// decode reads a JSON answer into v.
func decode(t testing.TB, a answer, v any) {
	t.Helper()
	if a.status != 200 {
		t.Fatalf("%d %s", a.status, a.body)
	}
	if err := json.Unmarshal([]byte(a.body), v); err != nil {
		t.Fatalf("%v: %s", err, a.body)
	}
}

// editSeat changes player's seat in the store.
func (s *site) editSeat(player campaign.PlayerID, edit func(*store.Seat)) {
	s.t.Helper()
	err := s.db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign(s.id)
		if err != nil {
			return err
		}
		edit(c.Seat(player))
		return tx.PutCampaign(c)
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// skipUnderRace skips a test of what a page shows, whose goroutines are
// the daemon's own that moderator's race pass checks: the race pass keeps
// the tests of requests served side by side.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("a test of what the page shows; the race pass keeps the tests of requests served side by side")
	}
}
