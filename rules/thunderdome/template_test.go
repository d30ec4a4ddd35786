package thunderdome_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// busy is lyran's turn with something for every order kind but those of
// a lost capital: s01 a life sector where f3 began the turn; a hydran
// fortification at s10 trapping lyran's f4, one lane from f1 at lyra;
// damage on f1's cruiser and f3's frigate, a wreck in f2, a captured
// frigate in f1, a frigate in dry dock at lyra, a destroyed works box of
// the capital's yard, s20 disavowed, no repair freighter at the capital,
// and 5000 BPV in the bank.
func busy(st *campaign.State, x *thunderdome.Ext) {
	sector(x, "s01").Type = thunderdome.Life
	place(st, x, "f3", "s01")
	sector(x, "s10").Type = thunderdome.Dead
	st.Developments = append(st.Developments, campaign.Development{At: "s10", Owner: "hydran", Kind: campaign.Fortification})
	st.Fleets = append(st.Fleets, campaign.Fleet{Owner: player, ID: "f4", At: "s10", Units: []campaign.ClassName{ff}})
	fs := fleetState(x, player, "f4")
	fs.Started, fs.Trapped = "s10", true
	f1 := st.Fleet(player, "f1")
	f1.Damage = append(f1.Damage, campaign.UnitDamage{Unit: 1, Structure: 2})
	f1.Units, f1.Captured = append(f1.Units, ff), []int{len(f1.Units)}
	f3 := st.Fleet(player, "f3")
	f3.Damage = append(f3.Damage, campaign.UnitDamage{Unit: 2, Structure: 1})
	fleetState(x, player, "f2").Wrecked = []int{1}
	x.Docks = append(x.Docks, thunderdome.Dock{Owner: player, At: "lyra", Ships: campaign.Fleet{Owner: player, Units: []campaign.ClassName{ff}}})
	for i := range x.Yards {
		if x.Yards[i].Owner == player {
			x.Yards[i].Destroyed = 1
		}
	}
	sector(x, "s20").Disavowed = []campaign.PlayerID{player}
	x.Defenses = slices.DeleteFunc(x.Defenses, func(d thunderdome.Defense) bool { return d.Owner == player && d.Capital })
	st.Player(player).Treasury = 5000
}

// capitalLost is lyran's turn after losing the capital, its yard and its
// bank, with 5000 BPV of income to spend, and f1 made illegal by the
// house rule of command ratings (UTD7.261).
func capitalLost(st *campaign.State, x *thunderdome.Ext) {
	for i := range x.Empires {
		if x.Empires[i].Player == player {
			x.Empires[i].Capital, x.Empires[i].Unbanked = "", thunderdome.Whole(5000)
		}
	}
	x.Yards = slices.DeleteFunc(x.Yards, func(y thunderdome.Yard) bool { return y.Owner == player })
	st.Player(player).Treasury = 0
	threeDestroyers(st, x)
}

// openView is the view of the player whose turn is open.
func openView(t *testing.T, st *campaign.State) *thunderdome.View {
	t.Helper()
	for _, gv := range rs.Observe(st) {
		if v := gv.(*thunderdome.View); v.Player == v.Current {
			return v
		}
	}
	t.Fatal("no view of the player whose turn is open")
	return nil
}

// uncomment gives the order template with the lines of one offer made
// orders, everything else left as it was.
func uncomment(t *testing.T, tmpl string, o thunderdome.Offer) string {
	t.Helper()
	for _, l := range o.Orders {
		commented := "  # - " + l + " "
		if !strings.Contains(tmpl, commented) {
			t.Fatalf("the template lacks the offer %q:\n%s", l, tmpl)
		}
		tmpl = strings.Replace(tmpl, commented, "  - "+l+" ", 1)
	}
	return tmpl
}

// TestOrderTemplate_EveryOfferIsAnOrderAtItsCost: in scripted situations
// that together fit every order kind, the order template offers each
// kind that fits, and every offer, uncommented in the template as sent,
// is accepted by Check for exactly the order points and BPV its comment
// states.
func TestOrderTemplate_EveryOfferIsAnOrderAtItsCost(t *testing.T) {
	offered := map[string]bool{}
	for _, tc := range []struct {
		name   string
		change func(st *campaign.State, x *thunderdome.Ext)
		want   []string
	}{
		{"opening", nil, []string{"buy: {order_points: 1}", "move: {fleet: f1, to: s01}", "activate_shipyard: {sector: lyra, jobs: [{overhaul: battlecruiser, fleet: f1}]}"}},
		{"busy", busy, []string{"establish: {fleet: f3, what: colony}", "siege: {fleet: f4, dice: 1}", "jail_break: {fleet: f4, rescuer: f1, to: lyra}",
			"repair_fleet: {fleet: f1}", "freighter_repair: {fleet: f3, units: [frigate]}", "tow: {fleet: f2, to: s01}", "disavow: {sector: s20, withdraw: true}",
			"activate_shipyard: {sector: lyra, jobs: [{inspect: frigate, fleet: f1}]}", "organize: {dock: lyra, fleets: {f1: [frigate]}}",
			"overhaul_shipyard: {sector: lyra, yard: capital}", "replace_capital: {freighter: repair-freighter}", "move_capital: {to: s01, with_defenses: true}"}},
		{"carrier short of fighters", withCarrier(6, 8, 4), []string{"replace_fighters: {fleet: f1}", "transfer_fighters: {fleet: f1, from: f1, refill: false}",
			"refit_fleet: {fleet: f1, refits: {cruiser: heavy-cruiser}}"}},
		{"sc3 yard", func(st *campaign.State, x *thunderdome.Ext) {
			x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 3, Boxes: 10})
		}, []string{"scrap: {sector: lyra, yard: sc3, refund: true}"}},
		{"capital lost", capitalLost, []string{"replace_capital: {at: lyra, designate: false}", "intend: {fleet: f1, join: [f2], at: lyra}"}},
		{"debt", func(st *campaign.State, x *thunderdome.Ext) {
			for i := range x.Empires {
				if x.Empires[i].Player == player {
					x.Empires[i].Owed = 5
				}
			}
		}, []string{"buy: {order_points: 1}"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, tc.change)
			v := openView(t, st)
			tmpl := string(thunderdome.OrderTemplate(v, "orders.schema.json"))
			var lines []string
			for _, o := range v.Offers {
				offered[o.Kind] = true
				lines = append(lines, o.Orders...)
				sub := parseMail(t, uncomment(t, tmpl, o))
				c, err := rs.Check(st, sub)
				if err != nil {
					t.Errorf("offer %q refused: %v", o.Orders, err)
					continue
				}
				if points, bpv := thunderdome.Spent(c); points != o.Points || bpv != o.BPV {
					t.Errorf("offer %q costs %d points and %d BPV, the template says %d and %d", o.Orders, points, bpv, o.Points, o.BPV)
				}
			}
			if tc.name == "debt" && slices.ContainsFunc(v.Offers, func(o thunderdome.Offer) bool { return o.Kind != "buy" }) {
				t.Errorf("with a retreat debt beyond the turn's points the template offers more than buy (UTD7.46723): %v", v.Offers)
			}
			for _, w := range tc.want {
				if !slices.Contains(lines, w) {
					t.Errorf("the template does not offer %q; it offers:\n%s", w, strings.Join(lines, "\n"))
				}
			}
		})
	}
	for _, k := range thunderdome.Kinds().Names() {
		if !offered[k] {
			t.Errorf("no situation offers %s", k)
		}
	}
}

// TestOrderTemplate_UnchangedOrdersNothing: the template sent back as it
// comes orders nothing and changes no standing preference; its prefs:
// block uncommented is accepted as it stands.
func TestOrderTemplate_UnchangedOrdersNothing(t *testing.T) {
	st := setup(t, busy)
	tmpl := string(thunderdome.OrderTemplate(openView(t, st), "orders.schema.json"))
	sub := parseMail(t, tmpl)
	c := check(t, st, sub)
	if points, bpv := thunderdome.Spent(c); sub.Orders.Len() != 0 || points != 0 || bpv != 0 {
		t.Errorf("the template as it comes holds %d orders, spending %d points and %d BPV; want none", sub.Orders.Len(), points, bpv)
	}
	if s := c.Summary(); strings.Contains(s, "Fleets that fight for you") || strings.Contains(s, "Ships you capture go") {
		t.Errorf("the template as it comes sets preferences:\n%s", s)
	}
	prefs := strings.NewReplacer("# prefs:", "prefs:", "#   defend:", "  defend:", "#   raze:", "  raze:", "#   captured:", "  captured:").Replace(tmpl)
	s := check(t, st, parseMail(t, prefs)).Summary()
	for _, want := range []string{"Fleets that fight for you: none", "Sectors where your fleets destroy enemy colonies and mines rather than capture them: none",
		"Ships you capture go into the capturing fleet"} {
		if !strings.Contains(s, want) {
			t.Errorf("the template's prefs: block, uncommented, gives %q, want %q", s, want)
		}
	}
}

// TestOrderTemplate_OnlyForTheOpenTurn: only the report (or digest) that
// opens a player's turn carries the template; the welcome mail shows the
// first player the same offers, and the others when theirs come.
func TestOrderTemplate_OnlyForTheOpenTurn(t *testing.T) {
	st := setup(t, nil)
	for _, gv := range rs.Observe(st) {
		v := gv.(*thunderdome.View)
		tmpl := thunderdome.OrderTemplate(v, "")
		rep, err := rs.Report(v, game.ReportOptions{SchemaRef: "orders.schema.json"})
		if err != nil {
			t.Fatal(err)
		}
		dig, err := rs.Digest([]game.DigestItem{{View: v}}, game.ReportOptions{SchemaRef: "orders.schema.json"})
		if err != nil {
			t.Fatal(err)
		}
		isTemplate := func(a game.Attachment) bool { return a.Kind == campaign.AttachOrders && a.Name == "orders-1.yaml" }
		attached := slices.ContainsFunc(rep.Attachments, isTemplate)
		if slices.ContainsFunc(dig.Attachments, isTemplate) != attached {
			t.Errorf("%s: the digest and the report differ on the order template", v.Player)
		}
		ex := rs.Example(st, v.Player).Orders
		if mine := v.Player == player; (tmpl != nil) != mine || attached != mine || len(v.Offers) > 0 != mine {
			t.Errorf("%s: template %t, attached %t, %d offers; want them only for %s", v.Player, tmpl != nil, attached, len(v.Offers), player)
		} else if mine && !strings.Contains(ex, "  # - move: {fleet: f1, to: s01}") {
			t.Errorf("%s's welcome orders lack the move of f1:\n%s", v.Player, ex)
		} else if !mine && !strings.Contains(ex, "orders that fit then") {
			t.Errorf("%s's welcome orders do not say when the offers come:\n%s", v.Player, ex)
		}
	}
}

// TestUTD3_1_ReportShowsDefensesAndPreferences: the text and HTML
// reports show every player's defenses by sector, damaged ones, those on
// their way and the capital's freighter apart (UTD7.3, UTD6.3A,
// UTD4.3237); the reader's standing preferences (UTD7.423, UTD4.333,
// UTD6.3I2); captured ships not yet inspected (UTD6.3773) and illegal
// fleets with their legal intention (UTD7.2661, UTD7.26652); and, in a
// mailed report that opens the reader's turn, the attached template.
func TestUTD3_1_ReportShowsDefensesAndPreferences(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		for i := range x.Defenses {
			if d := &x.Defenses[i]; d.Owner == player && d.Class == "monitor" {
				d.Damage = &campaign.UnitDamage{Structure: 3}
			}
		}
		x.Defenses = append(x.Defenses, thunderdome.Defense{At: "lyra", Owner: player, Class: "defsat", Waiting: true})
		for i := range x.Empires {
			if x.Empires[i].Player == player {
				x.Empires[i].Defend = map[campaign.SystemID]campaign.FleetID{"lyra": "f2"}
				x.Empires[i].Raze = []campaign.SystemID{"s10"}
				x.Empires[i].Captured = thunderdome.PlaceScrap
			}
		}
		f2 := st.Fleet(player, "f2")
		f2.Captured = []int{1}
		threeDestroyers(st, x)
		x.Intentions = append(x.Intentions, thunderdome.Intention{Owner: player, Fleet: "f1", Join: []campaign.FleetID{"f2"}, At: "lyra", Cycle: x.Cycle})
	})
	v := openView(t, st)
	mail := &campaign.MailPrefs{}
	rep, err := rs.Report(v, game.ReportOptions{Deadline: reportOpts.Deadline, Location: time.UTC, Mail: mail})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"lyran's defenses at lyra: 3 ground-lance, 3 defsat, the capital's repair-freighter (UTD4.3237), monitor damaged: ",
		"defsat arriving at the end of the turn (UTD6.3A)",
		"hydran's defenses at hydra: monitor, 3 ground-lance, 3 defsat",
		"Fleets that fight for you: lyra: f2",
		"rather than capture them: s10",
		"Ships you capture go scrapped at once",
		"frigate (captured, only moves until inspected, UTD6.3773)",
		"illegal, may not attack or explore (UTD7.2661)",
		"legal intention: to join f2 at lyra (UTD7.26652)",
		"The attached orders-1.yaml offers the orders that fit now",
	} {
		flat := strings.Join(strings.Fields(rep.Text), " ")
		if !strings.Contains(flat, want) {
			t.Errorf("the text report lacks %q:\n%s", want, rep.Text)
		}
		if html := strings.Join(strings.Fields(rep.HTML), " "); !strings.Contains(html, strings.ReplaceAll(want, "'", "&#39;")) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
}
