package thunderdome_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// goldenDir holds the golden campaign: its scenario, and a directory per
// player turn (01, 02 ...) with the mails the current player sends
// (mail-1.yaml, mail-2.yaml ...) and what the turn gives, pinned.
const goldenDir = "testdata/campaign"

// goldenTurns is four full cycles of the golden campaign's four players.
const goldenTurns = 16

// TestGoldenCampaign plays four cycles of the golden campaign: each player
// turn, the current player's mails are checked one by one as the daemon
// checks them (every order must pass), amended onto the orders on file
// (UTD6.121), and the turn resolved. The scripted orders use every order
// kind, and the turns bring a trap, a siege, a jail break, battles with
// retreats and their debt, home defenses and a capital destroyed,
// exploration, developments and dead drops, shipyards (one activation
// giving both yards of a sector five kinds of job), a replacement
// capital, fighters lost and replaced, and a non-player empire found by
// exploration, fought, and taken by Anschluss. It pins, for each turn,
// the next state, the events, every player's text report and the order
// template of the player whose turn opens; and plays the campaign twice
// for the same bytes. Nothing of it cites an Empires at War rule.
func TestGoldenCampaign(t *testing.T) {
	first := playGolden(t, testing.Verbose())
	second := playGolden(t, false)
	for i, f := range first {
		if !bytes.Equal(f.data, second[i].data) {
			t.Errorf("two plays of the golden campaign differ in %s", f.path)
		}
	}
	kinds := map[string]bool{}
	jobs := 0
	var events []game.Event
	eawRule := regexp.MustCompile(`\bEaW [0-9]`)
	for _, f := range first {
		golden.Check(t, f.path, f.data)
		// What players read cites Thunderdome IV rules only.
		if m := eawRule.Find(f.data); m != nil {
			t.Errorf("%s cites an Empires at War rule: %q", f.path, m)
		}
		for _, k := range f.kinds {
			kinds[k] = true
		}
		jobs = max(jobs, f.jobs)
		if filepath.Base(f.path) == "events.json.golden" {
			var turn []game.Event
			if err := json.Unmarshal(f.data, &turn); err != nil {
				t.Fatal(err)
			}
			events = append(events, turn...)
		}
	}
	for _, k := range thunderdome.Kinds().Names() {
		if !kinds[k] {
			t.Errorf("the golden campaign gives no %s order", k)
		}
	}
	if jobs < 5 {
		t.Errorf("the golden campaign's shipyard activations give at most %d kinds of job in one order, want all 5 (UTD6.371)", jobs)
	}
	for _, want := range []struct {
		what, rule string
		kind       game.EventKind
		text       string
	}{
		{"NPE found by exploration (UTD5.133)", "UTD5.13", thunderdome.EventExplore, "finds a non-player empire"},
		{"NPE fight (UTD5.25)", "UTD5.25", thunderdome.EventBattle, "fields"},
		{"NPE holding its sector after a battle (UTD5.27)", "UTD5.27", thunderdome.EventBattle, "holds"},
		{"automatic Anschluss (UTD5.221)", "UTD5.221", thunderdome.EventBattle, "no battle is fought"},
		{"Anschluss (UTD5.2A1)", "UTD5.2A1", thunderdome.EventCapture, "Anschluss"},
	} {
		if !slices.ContainsFunc(events, func(e game.Event) bool {
			return e.Kind == want.kind && e.Rule == want.rule && strings.Contains(e.Text, want.text)
		}) {
			t.Errorf("the golden campaign has no event of an %s", want.what)
		}
	}
}

// goldenFile is one file the golden campaign pins, and the order kinds of
// the turn that made it, with the most kinds of job one shipyard
// activation of the turn gives.
type goldenFile struct {
	path  string
	data  []byte
	kinds []string
	jobs  int
}

// playGolden plays the golden campaign and returns what each turn gives;
// verbose logs each reply.
func playGolden(t *testing.T, verbose bool) []goldenFile {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(goldenDir, "scenario.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := config.ParseScenario("scenario.yaml", src, rules.Registry())
	if err != nil {
		t.Fatalf("ParseScenario = %v", err)
	}
	st := sc.State
	prepare(t, st)
	var out []goldenFile
	for turn := 1; turn <= goldenTurns; turn++ {
		if _, err := os.Stat(filepath.Join(goldenDir, fmt.Sprintf("%02d", turn))); err != nil {
			break
		}
		dir := filepath.Join(goldenDir, fmt.Sprintf("%02d", turn))
		sub, kinds, jobs := goldenMails(t, st, dir, verbose)
		res := rs.Resolve(game.Turn{State: st, Orders: map[campaign.PlayerID]*orders.Submission{sub.Player: sub}})
		out = append(out,
			goldenFile{filepath.Join(dir, "state.json.golden"), indent(t, res.Next), kinds, jobs},
			goldenFile{filepath.Join(dir, "events.json.golden"), indent(t, res.Events), nil, 0})
		for _, v := range res.Views {
			text, err := rs.Render(v, game.FormatText, game.ReportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			player := string(v.Header().Player)
			out = append(out, goldenFile{filepath.Join(dir, "report-"+player+".txt.golden"), text, nil, 0})
			if tmpl := thunderdome.OrderTemplate(v.(*thunderdome.View), ""); tmpl != nil {
				out = append(out, goldenFile{filepath.Join(dir, "template-"+player+".yaml.golden"), tmpl, nil, 0})
			}
		}
		st = res.Next
	}
	return out
}

// goldenMails reads a turn's mails, checks each as it comes, amended onto
// those before (UTD6.121), and returns the turn's orders, their kinds and
// the most kinds of job one of its shipyard activations gives.
func goldenMails(t *testing.T, st *campaign.State, dir string, verbose bool) (*orders.Submission, []string, int) {
	t.Helper()
	mails, _ := filepath.Glob(filepath.Join(dir, "mail-*.yaml"))
	if len(mails) == 0 {
		t.Fatalf("%s holds no mail-*.yaml", dir)
	}
	var onFile *orders.Submission
	var kinds []string
	jobs := 0
	for _, m := range mails {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := orders.Parse(data, orders.Only(rs.Kinds()))
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		onFile = rs.Amend(onFile, sub)
		c, err := rs.Check(st, onFile)
		if err != nil {
			t.Fatalf("%s refused: %v", m, err)
		}
		if verbose {
			t.Logf("%s:\n%s%s", m, c.Echo(), c.Summary())
		}
		list, _ := orders.PartOf[[]thunderdome.Order](sub.Orders)
		for _, o := range list {
			kinds = append(kinds, o.Kind.Name())
			if a, ok := o.Kind.(*thunderdome.ActivateShipyard); ok {
				seen := map[string]bool{}
				for _, j := range a.Jobs {
					seen[j.Kind] = true
				}
				jobs = max(jobs, len(seen))
			}
		}
	}
	return onFile, kinds, jobs
}

// prepare leaves lyran's fleets as a battle the players reported might
// have: the frigate of fleet f3 wrecked (UTD6.3E), for a tow and a
// derelict, since battles pbemd fights wreck no ship; and damage to f1's
// battlecruiser and f3's large freighter, for the repairs.
func prepare(t *testing.T, st *campaign.State) {
	t.Helper()
	x := ext(t, st)
	for i := range x.Fleets {
		if fs := &x.Fleets[i]; fs.Owner == "lyran" && fs.ID == "f3" {
			fs.Wrecked = []int{2} // large-freighter, repair-tender, frigate
		}
	}
	thunderdome.SaveExt(x, st)
	st.Fleet("lyran", "f1").Damage = []campaign.UnitDamage{{Unit: 0, Structure: 8}} // the battlecruiser
	st.Fleet("lyran", "f3").Damage = []campaign.UnitDamage{{Unit: 0, Structure: 3}} // the large freighter
}

// indent is v as indented JSON, the state's TD IV part included.
func indent(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(data, '\n')
}

// publicSlips are wordings an event every player reads must not hold: a
// count of one with a plural noun, the reader addressed as the player
// who acted, and a repair of nothing.
var publicSlips = regexp.MustCompile(`\b1 ((permanent|temporary|extra|wrecked|failed siege|damage|order) )?(mines|containers|points|fleets|ships|dice)\b|\b(your|yours|you)\b|mended 0\b`)

// TestUTD3_1_PublicEventsReadForEveryone: every event of the golden
// campaign goes to every player (UTD3.1), so it names the player it is
// about instead of saying "your", counts in good English ("1 mine"), and
// tells no repair of 0 damage points.
func TestUTD3_1_PublicEventsReadForEveryone(t *testing.T) {
	for _, f := range playGolden(t, false) {
		if filepath.Base(f.path) != "events.json.golden" {
			continue
		}
		var events []game.Event
		if err := json.Unmarshal(f.data, &events); err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			if slip := publicSlips.FindString(e.Text); slip != "" {
				t.Errorf("%s: an event every player reads says %q: %s", f.path, slip, e.Text)
			}
		}
	}
}
