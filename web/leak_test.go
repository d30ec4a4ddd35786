package web_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/web"
	"github.com/pbemd/pbemd/workflow"
)

// everything fetches every request a player's page makes, and the page of
// every turn with a report: the answers by path, the check answering body.
func (s *site) everything(player campaign.PlayerID, body string) map[string]string {
	s.t.Helper()
	link := s.link(player)
	got := map[string]string{}
	c := s.campaign()
	for n := 1; n <= c.Turn; n++ {
		for _, path := range []string{"?turn=" + itoa(n), "report/" + itoa(n)} {
			got[path] = s.get(link + path).body
		}
	}
	for _, path := range []string{"", "schema.json", "page.js", "page.css"} {
		got[path] = s.get(link + path).body
	}
	got["check"] = s.do("POST", link+"check", body).body
	// The link itself differs between sites only in what the key and
	// token make; nothing else of it is the page's to hold.
	for k, v := range got {
		got[k] = strings.ReplaceAll(v, link, "LINK")
	}
	return got
}

func itoa(n int) string { return strconv.Itoa(n) }

// hideFromVorn changes what vorn cannot see in frontier, as the EaW report
// leak test does: another empire's hidden fleet, a colony, planets vorn
// never looked at, and an ally's strength (EaW 5e).
func hideFromVorn(st *campaign.State) {
	st.Catalogue = append(st.Catalogue, campaign.UnitClass{Class: "phantom", CBPV: 500, EBPV: 500, Size: 2, Docking: 12, Scout: true})
	st.Fleets = append(st.Fleets, campaign.Fleet{Owner: "tekkar", ID: "hidden-armada", At: "morrow", Units: []campaign.ClassName{"phantom", "phantom"}})
	st.Developments = append(st.Developments, campaign.Development{At: "verdant", Owner: "castellan", Kind: campaign.Colony})
	for i := range st.Map.Systems {
		if s := &st.Map.Systems[i]; s.ID == "sable" || s.ID == "brenn" {
			s.Planet = campaign.Dead
		}
	}
	for i := range st.Fleets {
		if f := &st.Fleets[i]; f.Owner == "ashari" {
			f.Units = append(f.Units, "dreadnought")
		}
	}
}

// TestPageShowsNothingOutsideVision: vorn's page, every request it makes
// and every turn's page and report are byte for byte the same whether or
// not other empires hold what vorn cannot see, on the first turn and once
// a turn has passed (EaW 5e). The control: an enemy fleet in sight
// changes the page, so the comparison can fail.
func TestPageShowsNothingOutsideVision(t *testing.T) {
	t.Parallel()
	skipUnderRace(t)
	const body = "campaign: frontier\nplayer: vorn\nturn: 1\norders:\n  - move: {fleet: 2nd, path: [mistral]}\n"
	plain := frontier(t)
	hidden := newSite(t, "frontier.yaml", scenarios.Frontier, hideFromVorn, web.Limits{})
	compare := func(when string) {
		t.Helper()
		want, got := plain.everything("vorn", body), hidden.everything("vorn", body)
		for path, w := range want {
			if got[path] != w {
				t.Errorf("%s: vorn's %q changes with what vorn cannot see", when, path)
			}
		}
	}
	compare("turn 1")
	plain.process()
	hidden.process()
	compare("turn 2")

	seen := newSite(t, "frontier.yaml", scenarios.Frontier, func(st *campaign.State) {
		st.Fleets = append(st.Fleets, campaign.Fleet{Owner: "tekkar", ID: "raiders", At: "mistral", Units: []campaign.ClassName{"cruiser", "cruiser"}})
	}, web.Limits{})
	fresh := frontier(t)
	if fresh.get(fresh.link("vorn")).body == seen.get(seen.link("vorn")).body {
		t.Error("an enemy fleet next to vorn's scout does not change vorn's page; the test proves nothing")
	}
}

// TestPagesHoldNoOtherSeatsSecrets: in both rulesets, for every player,
// at every turn, nothing the page serves holds another seat's token,
// link, address or orders on file, unless the player's own reports hold
// it (TD IV's reports tell everyone the orders of a turn played, UTD3.1).
func TestPagesHoldNoOtherSeatsSecrets(t *testing.T) {
	t.Parallel()
	skipUnderRace(t)
	for _, tc := range []struct {
		file string
		src  []byte
	}{{"frontier.yaml", scenarios.Frontier}, {"thunderdome.yaml", scenarios.Thunderdome}} {
		t.Run(tc.file, func(t *testing.T) {
			s := newSite(t, tc.file, tc.src, nil, web.Limits{LinkRate: 1000, LinkBurst: 1000, AddressRate: 1000, AddressBurst: 1000})
			for turn := 1; turn <= 2; turn++ {
				c := s.campaign()
				secrets := map[campaign.PlayerID][]string{}
				for _, seat := range c.Players {
					move := "move: {fleet: secret-of-" + string(seat.Player) + ", path: [nowhere]}"
					if c.Rules == "thunderdome" {
						move = "move: {fleet: secret-of-" + string(seat.Player) + ", to: nowhere}"
					}
					s.fileOrders(seat.Player, move)
					secrets[seat.Player] = []string{s.tokens[seat.Player], s.link(seat.Player), seat.Email, "secret-of-" + string(seat.Player)}
				}
				for _, seat := range c.Players {
					if seat.Due() && !strings.Contains(s.get(s.link(seat.Player)).body, "secret-of-"+string(seat.Player)) {
						t.Errorf("turn %d: %s's page does not show %s's own orders on file; the test proves nothing", turn, seat.Player, seat.Player)
					}
					reports := s.reports(seat.Player)
					for path, body := range s.everything(seat.Player, "campaign: x\n") {
						for other, hidden := range secrets {
							if other == seat.Player {
								continue
							}
							for _, secret := range hidden {
								if strings.Contains(body, secret) && !strings.Contains(reports, secret) {
									t.Errorf("turn %d: %s's %q holds %s's %q", turn, seat.Player, path, other, secret)
								}
							}
						}
					}
				}
				s.process()
			}
		})
	}
}

// reports is every report player had, in every format, end to end.
func (s *site) reports(player campaign.PlayerID) string {
	s.t.Helper()
	var all strings.Builder
	for n := 1; n <= s.campaign().Turn; n++ {
		past, err := workflow.ReportOf(s.db.DB, rules.Registry(), s.id, player, n)
		if err != nil {
			s.t.Fatal(err)
		}
		for _, f := range []game.Format{game.FormatText, game.FormatHTML, game.FormatJSON} {
			data, err := past.Ruleset.Render(past.View, f, past.Options())
			if err != nil {
				s.t.Fatal(err)
			}
			all.Write(data)
		}
	}
	return all.String()
}

// fileOrders puts orders on file for player for the open turn, as a mail
// would have, without checking them: item is the one order.
func (s *site) fileOrders(player campaign.PlayerID, item string) {
	s.t.Helper()
	c := s.campaign()
	sub, err := orders.Parse([]byte("campaign: "+string(c.ID)+"\nplayer: "+string(player)+"\nturn: "+itoa(c.Turn)+"\norders:\n  - "+item+"\n"),
		func(campaign.ID) (orders.Kinds, error) {
			rs, err := rules.Registry().Lookup(c.Rules)
			if err != nil {
				return nil, err
			}
			return rs.Kinds(), nil
		})
	if err != nil {
		s.t.Fatal(err)
	}
	err = s.db.Update(func(tx *store.Tx) error {
		return tx.PutOrders(c.ID, &store.OrdersRecord{Player: player, Turn: c.Turn, Submission: sub, MessageID: "m." + string(player)})
	})
	if err != nil {
		s.t.Fatal(err)
	}
}
