package eaw_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/rules/eaw/setup"
	"github.com/pbemd/pbemd/scenarios"
)

// frontierOrders are the orders of the moderator's golden campaign:
// Frontier Wars played for two years, every order kind carried out.
const frontierOrders = "../../replay/testdata/sim/frontier/orders"

// resultCampaign is a campaign TestResultsDigest plays: its scenario and
// how many turns, and where each turn's orders come from.
type resultCampaign struct {
	name     string
	scenario []byte
	turns    int
	// orders gives the players' orders for the open turn of st.
	orders func(t *testing.T, st *campaign.State) map[campaign.PlayerID]*orders.Submission
}

// TestResultsDigest plays several campaigns for several turns through the
// ruleset's Resolve and pins a digest of everything each turn gives: the
// next state, the events, every player's view, and the views Replay
// rebuilds, each marshalled. The campaigns are Frontier Wars on the
// golden campaign's orders, with the preset's rules, with battles reported
// by the players (settled between turns by a reported result and by the
// built-in resolver when their clock runs out, and a moderator's notice),
// and with overrides, and with a player who stops sending orders,
// forfeits and is dropped (EaW 29.0); and generated campaigns whose fleets
// move every turn and fight. A change to the resolver that alters any
// outcome fails here: raise Version and say why, or keep the outcome.
// Every event and view, as marshalled, cites only EaW rules: an EaW player
// must not read a Thunderdome IV rule number.
func TestResultsDigest(t *testing.T) {
	t.Parallel() // the package's longest, on its own campaigns
	for _, c := range []resultCampaign{
		{"frontier", scenarios.Frontier, 8, fileOrders},
		{"frontier-forfeits", scenarios.Frontier, 5, forfeitingOrders},
		{"frontier-reported", frontierWith(t, "{battles: reported}"), 8, fileOrders},
		{"frontier-overrides", frontierWith(t, "{vision: {radius: 2}, budget: {min: 5, jump_cost: 2}, fleets: {per_system: 4}, "+
			"fortify: {siege: 8}, frd: {price: 150, tow_cost: [4, 3, 2]}}"), 8, fileOrders},
		{"generated", setup.Generate(game.ScenarioSize{Systems: 300, Players: 8, Seed: 3}), 6, movingOrders},
		{"benchmark", setup.Generate(game.ScenarioSize{Systems: 2000, Players: 64, Seed: 1}), 2, movingOrders},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := playDigests(t, c)
			if again := playDigests(t, c); !bytes.Equal(got, again) {
				t.Errorf("two plays of %s differ", c.name)
			}
			golden.Check(t, filepath.Join("testdata/results", c.name+".golden"), got)
		})
	}
}

// frontierWith is frontier.yaml with overrides in place of its commented
// out example.
func frontierWith(t *testing.T, overrides string) []byte {
	t.Helper()
	const example = "# overrides: {vision: {radius: 1}, battles: auto}   # change any preset parameter\n"
	if !bytes.Contains(scenarios.Frontier, []byte(example)) {
		t.Fatalf("frontier.yaml has no line %q to put the overrides in", example)
	}
	return bytes.Replace(scenarios.Frontier, []byte(example), []byte("overrides: "+overrides+"\n"), 1)
}

// playDigests plays a campaign and writes one line per digest: for each
// turn, the next state, the events, each view and the replayed views.
func playDigests(t *testing.T, c resultCampaign) []byte {
	t.Helper()
	sc, err := config.ParseScenario(c.name+".yaml", c.scenario, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	rs := eaw.Ruleset{}
	st := sc.State
	var out bytes.Buffer
	var carried []game.Event
	for range c.turns {
		turn := st.Turn
		gt := game.Turn{State: st, Orders: c.orders(t, st), Carried: carried}
		if turn == 3 {
			gt.Notices = []string{fmt.Sprintf("Turn %d is resolved again after a rollback.", turn)}
		}
		res := rs.Resolve(gt)
		fmt.Fprintf(&out, "turn %d: %d events, %d battles pending\n", turn, len(res.Events), len(res.Next.Battles))
		fmt.Fprintf(&out, "  state %s\n", digest(t, res.Next))
		fmt.Fprintf(&out, "  events %s\n", ownRulesDigest(t, res.Events))
		for _, v := range res.Views {
			fmt.Fprintf(&out, "  view %s %s\n", v.Header().Player, ownRulesDigest(t, v))
		}
		fmt.Fprintf(&out, "  replay %s\n", digest(t, rs.Replay(res.Next, res.Events)))
		st = res.Next
		carried = settleBattles(t, st)
	}
	return out.Bytes()
}

// digest is the start of the SHA-256 of v's JSON.
func digest(t *testing.T, v any) string {
	t.Helper()
	return fmt.Sprintf("%x", sha256.Sum256(marshal(t, v)))[:16]
}

// ownRulesDigest is digest of what players read, which must cite no
// Thunderdome IV rule.
func ownRulesDigest(t *testing.T, v any) string {
	t.Helper()
	data := marshal(t, v)
	if m := tdRule.Find(data); m != nil {
		i := bytes.Index(data, m)
		t.Errorf("an Empires at War event or view cites %s: …%s…", m, data[max(0, i-120):min(len(data), i+40)])
	}
	return fmt.Sprintf("%x", sha256.Sum256(data))[:16]
}

// tdRule matches a citation of a Thunderdome IV rule, "UTD3.31".
var tdRule = regexp.MustCompile(`\bUTD[0-9]`)

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// settleBattles settles the battles pending in st as a campaign with
// battles reported does while the turn is open: the first by a result
// the players report, in which every ship comes through, the rest by the
// built-in resolver, as when their clock runs out (UTD3.5). It returns the
// events to carry into the turn's resolution.
func settleBattles(t *testing.T, st *campaign.State) []game.Event {
	t.Helper()
	var events []game.Event
	for i := 0; len(st.Battles) > 0; i++ {
		id := st.Battles[0].ID
		var (
			evs []game.Event
			err error
		)
		if i == 0 {
			evs, err = eaw.ApplyReported(st, id, &orders.BattleResult{}, "agreed by both sides")
		} else {
			evs, _, err = eaw.FightPending(st, id)
		}
		if err != nil {
			t.Fatalf("settle battle %s: %v", id, err)
		}
		events = append(events, evs...)
	}
	return events
}

// fileOrders reads the golden campaign's orders for st's turn; a player
// without a file sends none.
func fileOrders(t *testing.T, st *campaign.State) map[campaign.PlayerID]*orders.Submission {
	t.Helper()
	subs := map[campaign.PlayerID]*orders.Submission{}
	for _, p := range st.Players {
		src, err := os.ReadFile(filepath.Join(frontierOrders, fmt.Sprintf("turn-%d", st.Turn), string(p.ID)+".yaml"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		subs[p.ID] = parseOrders(t, src)
	}
	return subs
}

// forfeitingOrders are fileOrders without tekkar's from turn 2 on: he
// forfeits turns 2 to 4 and is dropped after the third (EaW 29.0).
func forfeitingOrders(t *testing.T, st *campaign.State) map[campaign.PlayerID]*orders.Submission {
	t.Helper()
	subs := fileOrders(t, st)
	if st.Turn > 1 {
		delete(subs, "tekkar")
	}
	return subs
}

// movingOrders moves as many of each player's fleets one lane as the
// budget allows, each to a neighbour picked by the fleet's place and the
// turn, so fleets wander and meet.
func movingOrders(t *testing.T, st *campaign.State) map[campaign.PlayerID]*orders.Submission {
	t.Helper()
	g := campaign.NewGraph(st.Map)
	subs := map[campaign.PlayerID]*orders.Submission{}
	for _, p := range st.Players {
		var s strings.Builder
		fmt.Fprintf(&s, "campaign: %s\nplayer: %s\nturn: %d\norders:\n", st.Campaign, p.ID, st.Turn)
		budget, moves := st.Budget(p.ID), 0
		for i, f := range st.Fleets {
			if f.Owner != p.ID || f.Trapped != 0 || moves == budget {
				continue
			}
			next := g.Neighbours(f.At)
			fmt.Fprintf(&s, "  - move: {fleet: %s, path: [%s]}\n", f.ID, next[(i+st.Turn)%len(next)])
			moves++
		}
		subs[p.ID] = parseOrders(t, []byte(s.String()))
	}
	return subs
}

func parseOrders(t *testing.T, src []byte) *orders.Submission {
	t.Helper()
	sub, err := orders.Parse(src, orders.Only(eaw.Ruleset{}.Kinds()))
	if err != nil {
		t.Fatalf("parse orders:\n%s\n%v", src, err)
	}
	return sub
}
