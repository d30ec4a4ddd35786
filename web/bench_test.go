package web_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw/setup"
	"github.com/pbemd/pbemd/web"
)

// firstLoad are the requests a browser makes to open a page: the page,
// then its style sheet, script, the report in its frame and the schema
// the builder asks for.
var firstLoad = []string{"", "page.css", "page.js", "report/1", "schema.json"}

// sixtySystems is a site of a generated campaign of 60 systems and eight
// players of three fleets each, with no rate limits to speak of.
func sixtySystems(t testing.TB) *site {
	t.Helper()
	return newSite(t, "sixty.yaml", setup.Generate(game.ScenarioSize{Systems: 60, Players: 8, FleetsPerPlayer: 3}), nil,
		web.Limits{LinkRate: 1e9, LinkBurst: 1e9, AddressRate: 1e9, AddressBurst: 1e9})
}

// TestFirstLoadIsSmall: opening the page of a 60-system campaign fetches
// under 200 KB, map and order builder included.
func TestFirstLoadIsSmall(t *testing.T) {
	t.Parallel()
	skipUnderRace(t)
	s := sixtySystems(t)
	player := s.campaign().Players[0].Player
	total := 0
	for _, path := range firstLoad {
		a := s.get(s.link(player) + path)
		if a.status != 200 {
			t.Fatalf("%q: %d", path, a.status)
		}
		total += len(a.body)
	}
	if total >= 200<<10 {
		t.Errorf("the first load is %d KB, want under 200", total>>10)
	}
	if page := s.get(s.link(player)).body; strings.Count(page, `class="system`) != 60 {
		t.Errorf("the page's map shows %d systems, want 60", strings.Count(page, `class="system`))
	}
}

// BenchmarkFirstLoad serves the requests of a first load of a 60-system
// campaign's page, in the server alone: its time per op is the server's
// time for the whole first load, and first-load-KB its size.
func BenchmarkFirstLoad(b *testing.B) {
	s := sixtySystems(b)
	link := s.link(s.campaign().Players[0].Player)
	path := strings.TrimPrefix(link, s.srv.URL)
	var bytes int
	for b.Loop() {
		bytes = 0
		for _, p := range firstLoad {
			rec := httptest.NewRecorder()
			s.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path+p, nil))
			if rec.Code != 200 {
				b.Fatalf("%q: %d", p, rec.Code)
			}
			bytes += rec.Body.Len()
		}
	}
	b.ReportMetric(float64(bytes)/1024, "first-load-KB")
}

// BenchmarkPage serves the page alone, the one request that reads the
// campaign's turn: the rest are fixed files and the report.
func BenchmarkPage(b *testing.B) {
	s := sixtySystems(b)
	link := s.link(s.campaign().Players[0].Player)
	path := strings.TrimPrefix(link, s.srv.URL)
	for b.Loop() {
		rec := httptest.NewRecorder()
		s.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}
