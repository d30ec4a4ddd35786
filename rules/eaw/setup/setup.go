package setup

import (
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Spec is what EaW reads of a scenario beside its generic part: the
// overrides of the preset's parameters, each player's home and treasury,
// and the dates of a campaign whose scenario gives none: Y165 spring
// (EaW 2d) to Y205 (EaW 1.0, 4e).
func Spec() game.ScenarioSpec {
	return game.ScenarioSpec{
		Keys:       []string{"overrides"},
		PlayerKeys: []string{"home", "treasury"},
		Start:      campaign.Date{Year: 165, Season: campaign.Spring},
		EndYear:    205,
	}
}

// limits bound the overrides. Only simultaneous turns exist so far.
// Prorating (EaW 12a), the precursor refund (EaW 16c), the Legendary
// Officer's cost (EaW 2e) and disruption (EaW 10i) are percentages; the
// officer's roll and the siege roll (EaW 10c) are 2D6 totals.
var limits = orders.Limits{
	Choices: map[string][]string{
		"overrides.turns":   {"simultaneous"},
		"overrides.battles": {string(campaign.BattlesAuto), string(campaign.BattlesReported)},
	},
	Max: map[string]int{
		"overrides.income.prorate":     100,
		"overrides.explore.refund":     100,
		"overrides.legendary.roll":     12,
		"overrides.legendary.cost":     100,
		"overrides.fortify.siege":      12,
		"overrides.fortify.disruption": 100,
	},
}

// Load loads EaW's part of a scenario into p.State, recording every
// problem in p.Problems: the rules, the players' homes and treasuries, and
// the checks of the catalogue, the map, the navies and the developments.
func Load(p *game.ScenarioPart) {
	l := &loader{ScenarioPart: p, Collector: p.Problems, st: p.State, devs: make(map[devKey]devEntry)}
	rules := campaign.PresetEaW()
	l.Override(p.Keys.Value("overrides"), &rules, "overrides", limits)
	l.st.Rules = rules
	l.planets = make(map[campaign.SystemID]campaign.PlanetType, len(l.st.Map.Systems))
	for _, s := range l.st.Map.Systems {
		l.planets[s.ID] = s.Planet
		l.systemIDs = append(l.systemIDs, string(s.ID))
	}
	l.players()
	l.checkDocking()
	if p.Lanes {
		l.checkLaneless()
		l.checkConnected()
	}
	l.checkStartingFleets()
	l.checkDevelopments()
}

// loader applies EaW to one scenario.
type loader struct {
	*game.ScenarioPart
	*orders.Collector
	st        *campaign.State
	planets   map[campaign.SystemID]campaign.PlanetType
	systemIDs []string
	// devs holds each development by system and kind.
	devs map[devKey]devEntry
	// searched is the work nearest has done, in systems compared, so that
	// a map of thousands of laneless systems cannot make the checks
	// quadratic.
	searched int
}

type devKey struct {
	at   campaign.SystemID
	kind campaign.DevelopmentKind
}

// devEntry is a development's owner and entry, nil for a home mine.
type devEntry struct {
	node  *yaml.Node
	owner campaign.PlayerID
}

// players reads each player's treasury and home, and sets the home up
// (EaW 2a).
func (l *loader) players() {
	homes := make(map[campaign.SystemID]campaign.PlayerID, len(l.Players))
	for _, e := range l.Players {
		treasury, treasuryOK := l.Int(e.Fields.Value("treasury"), "treasury", "")
		if treasuryOK && treasury < 0 {
			l.Addf(e.Fields.Value("treasury"), "treasury %d is negative; write the BPV the player starts with, e.g. 600", treasury)
		}
		home, homeOK := l.home(l.Need(e.Fields, "home", "drakkar"), homes)
		if e.ID == "" {
			continue
		}
		p := l.st.Player(e.ID)
		if treasuryOK {
			p.Treasury = treasury
		}
		if homeOK {
			p.Home = home
			homes[home] = p.ID
			l.placeHome(p.ID, home)
		}
	}
}

// home reads a player's home: a mineral planet that is nobody else's home
// (EaW 2a). A home on a map that could not be read is not checked.
func (l *loader) home(n *yaml.Node, homes map[campaign.SystemID]campaign.PlayerID) (campaign.SystemID, bool) {
	s, ok := l.Text(n, "home system")
	if !ok || l.Systems == nil {
		return "", false
	}
	id := campaign.SystemID(s)
	planet, onMap := l.planets[id]
	switch {
	case !onMap:
		l.Addf(n, "home names system %s, which is not on the map%s", orders.Quote(s), l.Suggestion(s, l.systemIDs))
	case planet.Valid() && planet != campaign.Mineral:
		l.Addf(n, "home %q is %s planet; a home must be a mineral planet, where the player's FRD and first mine stand (EaW 2a)", id, withArticle(planet))
	case homes[id] != "":
		l.Addf(n, "home %q is already the home of player %q; give each player a home of their own", id, homes[id])
	default:
		return id, planet.Valid()
	}
	return "", false
}

// placeHome puts the player's FRD and a developed mine at the home
// (EaW 2a).
func (l *loader) placeHome(owner campaign.PlayerID, home campaign.SystemID) {
	l.st.FRDs = append(l.st.FRDs, campaign.FRD{Owner: owner, At: home})
	l.st.Developments = append(l.st.Developments, campaign.Development{
		At: home, Owner: owner, Kind: campaign.Mine, Since: l.st.Start,
	})
	l.devs[devKey{home, campaign.Mine}] = devEntry{owner: owner}
}

// checkDocking reports unit classes no FRD could build: one FRD builds
// at most Build.Docking points a turn, and a ship of more takes it two
// turns, or two FRDs in one system one turn (EaW 6.0), so a class of more
// than twice as many points could never be built.
func (l *loader) checkDocking() {
	docks := l.st.Rules.Build.Docking
	for _, u := range l.Units {
		if docks > 0 && u.Class.Docking > 2*docks {
			l.Addf(u.Fields.Value("docking"), "docking %d is more than two FRDs build in one turn (%d, EaW 6.0), so the unit could never be built", u.Class.Docking, 2*docks)
		}
	}
}

// checkStartingFleets checks every navy against EaW 2c: exactly
// StartCount fleets, each with a ship of size class StartSize and a combat
// BPV from StartMinCBPV to the first period's cap. StartCount 0 skips it,
// and so does a scenario with no fleets at all: a map still being drawn.
func (l *loader) checkStartingFleets() {
	r := l.st.Rules.Fleets
	if r.StartCount == 0 || len(l.st.Fleets) == 0 {
		return
	}
	const off = "or set overrides: {fleets: {start_count: 0}} to start otherwise"
	count := map[campaign.PlayerID]int{}
	for _, f := range l.st.Fleets {
		count[f.Owner]++
		n := l.Fleets[f.Key()]
		cbpv, hasSize := 0, r.StartSize == 0
		for _, u := range f.Units {
			if c := l.st.Catalogue.Class(u); c != nil {
				cbpv += c.CBPV
				hasSize = hasSize || c.Size == r.StartSize
			}
		}
		if !hasSize {
			l.Addf(n, "fleet %s of %s has no size class %d ship; every starting fleet needs one (EaW 2c), %s", f.ID, f.Owner, r.StartSize, off)
		}
		if max := r.MaxCBPV[0]; cbpv < r.StartMinCBPV || (max > 0 && cbpv > max) {
			l.Addf(n, "fleet %s of %s has %d combat BPV; a starting fleet has %d to %d (EaW 2c), %s", f.ID, f.Owner, cbpv, r.StartMinCBPV, max, off)
		}
	}
	for _, e := range l.Players {
		if n := count[e.ID]; e.ID != "" && n != r.StartCount {
			l.Addf(e.Fields.Value("id"), "player %s starts with %d fleets; EaW 2c gives each player exactly %d, %s", e.ID, n, r.StartCount, off)
		}
	}
}

// checkDevelopments checks the starting developments against their
// planets (EaW 12.0, 13.0, 16.0), and that a system has one development
// of a kind, a home's mine included.
func (l *loader) checkDevelopments() {
	for _, d := range l.Developments {
		if !l.fits(d.At, d.Development.At, d.Kind) {
			continue
		}
		key := devKey{d.Development.At, d.Kind}
		if prev, dup := l.devs[key]; dup {
			where := "player " + orders.Quote(string(prev.owner)) + "'s home mine"
			if prev.node != nil {
				where = "line " + strconv.Itoa(prev.node.Line)
			}
			l.Addf(d.Entry, "%q already has a %s (%s); remove this one", key.at, d.Kind, where)
			continue
		}
		l.devs[key] = devEntry{node: d.Entry, owner: d.Owner}
	}
}

// fits reports whether a development of this kind may stand at the
// system's planet, and records a problem at n if not.
func (l *loader) fits(n *yaml.Node, at campaign.SystemID, kind campaign.DevelopmentKind) bool {
	planet := l.planets[at]
	switch {
	case !planet.Valid():
		return false
	case planet == campaign.Unknown:
		l.Addf(n, "%q is an unknown planet; it must be explored before anything is developed there (EaW 16.0)", at)
	case kind == campaign.Mine && planet != campaign.Mineral:
		l.Addf(n, "a mine needs a mineral planet (EaW 12.0), but %q is %s planet", at, withArticle(planet))
	case kind == campaign.Colony && planet != campaign.Life:
		l.Addf(n, "a colony needs a life planet (EaW 13.0), but %q is %s planet", at, withArticle(planet))
	default:
		return true
	}
	return false
}

// withArticle puts "a" or "an" before a planet type.
func withArticle(p campaign.PlanetType) string {
	if p == campaign.Unknown {
		return "an " + string(p)
	}
	return "a " + string(p)
}
