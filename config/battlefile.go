package config

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"go.yaml.in/yaml/v3"
)

// MaxBattleBytes is the largest battle file the loader reads.
const MaxBattleBytes = 1 << 20

// Battle is a checked battle file: a battle described for `pbemd battle
// simulate` (docs/battles.md). Its values are those of the battle
// engine's Setup, which the command builds from it; the words (roles,
// orders) are the engine's.
type Battle struct {
	// Catalogue is the units the sides' ships come from: the file's own
	// units, or those of the scenario it names.
	Catalogue campaign.Catalogue
	// Situation, MaxRounds and Volleys are empty or 0 for the engine's
	// defaults.
	Situation string
	MaxRounds int
	Volleys   int
	Sides     []BattleSide
}

// BattleSide is one side of a battle file.
type BattleSide struct {
	Player    campaign.PlayerID
	Role      string
	Jumped    bool
	Dispersal bool
	Withdraw  string
	// WithdrawAtLoss is a percentage, 0 for none.
	WithdrawAtLoss int
	Range          string
	// Impulse is break_off: impulse.
	Impulse   bool
	Leader    *BattleLeader
	Squadrons []BattleSquadron
}

// BattleLeader is a side's leader.
type BattleLeader struct {
	Name                      string
	Leadership, Boost, Weaken int
	Ship                      string
}

// BattleSquadron is a squadron of a battle file.
type BattleSquadron struct {
	ID    string
	Ships []BattleShip
	// Held may not break off, as a fleet at an enemy fortification.
	Held bool
}

// BattleShip is one ship: its class's stats, and what it has lost.
type BattleShip struct {
	ID    string
	Class campaign.ClassName
	Stats campaign.CombatStats
	// Lost structure, Attack, Sensor and Speed.
	Structure, Attack, Sensor, Speed int
}

// The words of a battle file, as the battle engine spells them.
var (
	battleSituations = []string{"skirmish", "strategic", "major"}
	battleRoles      = []string{"attacker", "defender"}
	battleWithdraws  = []string{"morale", "never", "always"}
	battleRanges     = []string{"close", "hold"}
	battleBreakOffs  = []string{"warp", "impulse"}
)

// Limits the battle engine sets.
const (
	maxBattleRounds  = 100
	maxBattleVolleys = 6
	maxLeadership    = 6
)

// LoadBattle reads and checks the battle file at path. A scenario it names
// is read relative to the battle file, for its unit catalogue only
// (ParseCatalogue). Content problems are returned as Problems; failing to
// read the file is a wrapped error.
func LoadBattle(path string) (*Battle, error) {
	data, err := readLimited(path, MaxBattleBytes)
	if err != nil {
		return nil, fmt.Errorf("load battle: %w", err)
	}
	dir := filepath.Dir(path)
	return ParseBattle(path, data, func(name string) (campaign.Catalogue, error) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		return loadCatalogue(name)
	})
}

// ParseBattle checks a battle file held in data; file names it in
// problems. catalogue reads the units of a scenario the file names; if it
// is nil, the file must bring its own units. It returns every problem it
// finds as Problems, sorted by position.
func ParseBattle(file string, data []byte, catalogue func(scenario string) (campaign.Catalogue, error)) (*Battle, error) {
	c := newChecker(file)
	root := c.document(data, MaxBattleBytes, "file is empty; a battle needs units or a scenario, and sides")
	if root == nil {
		return nil, c.Err()
	}
	b := &battleLoader{loader: newLoader(c), open: catalogue, shipIDs: map[string]*yaml.Node{}}
	out := b.battle(root)
	if err := c.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// battleLoader reads a battle file. Its scenario loader reads an inline
// catalogue the way a scenario's units are read.
type battleLoader struct {
	*loader
	open    func(string) (campaign.Catalogue, error)
	cat     campaign.Catalogue
	shipIDs map[string]*yaml.Node
}

var battleKeys = []string{"scenario", "units", "situation", "max_rounds", "volleys", "sides"}

func (b *battleLoader) battle(root *yaml.Node) *Battle {
	f, ok := b.Mapping(root, "battle", battleKeys...)
	if !ok {
		return nil
	}
	out := &Battle{}
	b.readCatalogue(root, f.Value("scenario"), f.Value("units"))
	out.Catalogue = b.cat
	out.Situation = b.word(f.Value("situation"), "situation", battleSituations)
	out.MaxRounds = b.within(f.Value("max_rounds"), "max_rounds", 1, maxBattleRounds)
	out.Volleys = b.within(f.Value("volleys"), "volleys", 1, maxBattleVolleys)
	out.Sides = b.sides(b.Need(f, "sides", "[{player: vorn, squadrons: [...]}, {player: castellan, role: defender, squadrons: [...]}]"))
	return out
}

// readCatalogue takes the units from the file, or from the scenario it
// names; one of the two, not both.
func (b *battleLoader) readCatalogue(root, scenario, units *yaml.Node) {
	switch {
	case scenario != nil && units != nil:
		b.Addf(units, "a battle takes its units from a scenario or from units, not both; remove one")
	case units != nil:
		b.readUnits(units)
		b.cat = b.st.Catalogue
	case scenario != nil:
		b.readScenario(scenario)
	default:
		b.Addf(root, "battle has no units; add scenario: frontier.yaml to use a scenario's catalogue, or units: [...] as in a scenario")
	}
}

func (b *battleLoader) readScenario(n *yaml.Node) {
	name, ok := b.Text(n, "scenario")
	if !ok {
		return
	}
	if b.open == nil {
		b.Addf(n, "scenario %s cannot be read here; list the units instead", orders.Quote(name))
		return
	}
	cat, err := b.open(name)
	var ps orders.Problems
	switch {
	case errors.As(err, &ps):
		b.Addf(n, "scenario %s has %d problems, the first: %v; run pbemd scenario check %s", orders.Quote(name), len(ps), ps[0], name)
	case err != nil:
		b.Addf(n, "scenario %s: %v", orders.Quote(name), err)
	default:
		b.cat = cat
		for _, u := range cat {
			b.classNames = append(b.classNames, string(u.Class))
		}
	}
}

// word reads one of a few words; absent is empty.
func (b *battleLoader) word(n *yaml.Node, what string, words []string) string {
	s, ok := b.Text(n, what)
	if !ok {
		return ""
	}
	if !slices.Contains(words, s) {
		b.Addf(n, "%s %s is not known: write %s%s", what, orders.Quote(s), orders.OneOf(words), b.Suggestion(s, words))
		return ""
	}
	return s
}

// within reads a whole number from lo to hi; absent is 0.
func (b *battleLoader) within(n *yaml.Node, what string, lo, hi int) int {
	if n == nil {
		return 0
	}
	v, ok := b.Int(n, what, "")
	if ok && (v < lo || v > hi) {
		b.Addf(n, "%s %d is out of range; write a whole number from %d to %d", what, v, lo, hi)
		return 0
	}
	return v
}

func (b *battleLoader) sides(n *yaml.Node) []BattleSide {
	items, ok := b.List(n, "sides", "")
	if !ok {
		return nil
	}
	if len(items) < 2 {
		b.Addf(n, "a battle needs at least two sides; it has %d", len(items))
	}
	var out []BattleSide
	players := map[campaign.PlayerID]*yaml.Node{}
	var defender *yaml.Node
	for _, item := range items {
		sd, ok := b.side(item, players)
		if !ok {
			continue
		}
		if sd.Role == "defender" {
			if defender != nil {
				b.Addf(item, "a second defender; at most one side defends (the first is on line %d), so make this one an attacker", defender.Line)
			}
			defender = item
		}
		out = append(out, sd)
	}
	return out
}

var battleSideKeys = []string{"player", "role", "jumped", "dispersal", "withdraw", "withdraw_at_loss", "range", "break_off", "leader", "squadrons"}

func (b *battleLoader) side(n *yaml.Node, players map[campaign.PlayerID]*yaml.Node) (BattleSide, bool) {
	f, ok := b.Mapping(n, "side", battleSideKeys...)
	if !ok {
		return BattleSide{}, false
	}
	sd := BattleSide{}
	pn := b.Need(f, "player", "vorn")
	if id, ok := b.id(pn, "player"); ok {
		sd.Player = campaign.PlayerID(id)
		if prev := players[sd.Player]; prev != nil {
			b.Addf(pn, "player %s has a side already (line %d); give each side its own player", id, prev.Line)
		}
		players[sd.Player] = pn
	}
	sd.Role = b.word(f.Value("role"), "role", battleRoles)
	sd.Jumped, _ = b.Bool(f.Value("jumped"), "jumped")
	sd.Dispersal, _ = b.Bool(f.Value("dispersal"), "dispersal")
	if sd.Jumped && sd.Dispersal {
		b.Addf(f.Value("dispersal"), "a side that jumped in this turn cannot wait in dispersal; remove one of jumped and dispersal")
	}
	sd.Withdraw = b.word(f.Value("withdraw"), "withdraw", battleWithdraws)
	sd.WithdrawAtLoss = b.within(f.Value("withdraw_at_loss"), "withdraw_at_loss", 0, 100)
	sd.Range = b.word(f.Value("range"), "range", battleRanges)
	sd.Impulse = b.word(f.Value("break_off"), "break_off", battleBreakOffs) == "impulse"
	sd.Squadrons = b.squadrons(b.Need(f, "squadrons", "[{id: 1st, ships: [cruiser, destroyer]}]"), sd.Player)
	if ln := f.Value("leader"); ln != nil {
		sd.Leader = b.leader(ln, sd.Squadrons)
	}
	return sd, true
}

var battleLeaderKeys = []string{"name", "leadership", "boost", "weaken", "ship"}

// leader reads a side's leader (001 §7.4f), whose ship must be one of the
// side's.
func (b *battleLoader) leader(n *yaml.Node, squadrons []BattleSquadron) *BattleLeader {
	f, ok := b.Mapping(n, "leader", battleLeaderKeys...)
	if !ok {
		return nil
	}
	l := &BattleLeader{}
	l.Name, _ = b.Text(b.Need(f, "name", "Warlord Drask"), "leader name")
	l.Leadership = b.within(f.Value("leadership"), "leadership", 0, maxLeadership)
	l.Boost = b.within(f.Value("boost"), "boost", 0, maxLeadership)
	l.Weaken = b.within(f.Value("weaken"), "weaken", 0, maxLeadership)
	if l.Boost+l.Weaken > l.Leadership {
		b.Addf(n, "boost %d and weaken %d add up to more than the leadership %d; split the leadership between them", l.Boost, l.Weaken, l.Leadership)
	}
	sn := f.Value("ship")
	if s, ok := b.Text(sn, "leader ship"); ok {
		l.Ship = s
		if !sideHasShip(squadrons, s) {
			b.Addf(sn, "the leader's ship %s is not one of the side's ships", orders.Quote(s))
		}
	}
	return l
}

func sideHasShip(squadrons []BattleSquadron, id string) bool {
	for _, sq := range squadrons {
		for _, s := range sq.Ships {
			if s.ID == id {
				return true
			}
		}
	}
	return false
}

func (b *battleLoader) squadrons(n *yaml.Node, player campaign.PlayerID) []BattleSquadron {
	items, ok := b.List(n, "squadrons", "")
	if !ok {
		return nil
	}
	if len(items) == 0 {
		b.Addf(n, "the side has no squadrons; add one, e.g. - {id: 1st, ships: [cruiser, destroyer]}")
	}
	var out []BattleSquadron
	ids := map[string]*yaml.Node{}
	for _, item := range items {
		f, ok := b.Mapping(item, "squadron", "id", "ships", "held")
		if !ok {
			continue
		}
		idNode := b.Need(f, "id", "1st")
		id, ok := b.id(idNode, "squadron id")
		if ok && ids[id] != nil {
			b.Addf(idNode, "squadron %s is in the side twice (first on line %d); give each its own id", id, ids[id].Line)
		}
		ids[id] = idNode
		sq := BattleSquadron{ID: id}
		sq.Held, _ = b.Bool(f.Value("held"), "held")
		ships, _ := b.List(b.Need(f, "ships", "[cruiser, destroyer]"), "ships", "")
		if len(ships) == 0 && f.Value("ships") != nil {
			b.Addf(f.Value("ships"), "the squadron has no ships; list at least one class, e.g. ships: [cruiser, destroyer]")
		}
		for i, sn := range ships {
			// A ship with a problem is kept, so a reference to it (the
			// leader's ship) does not add another.
			sq.Ships = append(sq.Ships, b.ship(sn, string(player)+"-"+id+"-"+strconv.Itoa(i+1)))
		}
		out = append(out, sq)
	}
	return out
}

var battleShipKeys = []string{"id", "class", "damage"}

// ship reads a ship: a class name, or {class, id, damage}. Without an id
// it is called player-squadron-n.
func (b *battleLoader) ship(n *yaml.Node, defaultID string) BattleShip {
	s := BattleShip{ID: defaultID}
	classNode, idNode, damage := n, (*yaml.Node)(nil), (*yaml.Node)(nil)
	if n.Kind == yaml.MappingNode {
		f, ok := b.Mapping(n, "ship", battleShipKeys...)
		if !ok {
			return s
		}
		classNode, idNode, damage = b.Need(f, "class", "cruiser"), f.Value("id"), f.Value("damage")
	}
	if idNode != nil {
		s.ID, _ = b.Text(idNode, "ship id")
	}
	if prev := b.shipIDs[s.ID]; prev != nil {
		b.Addf(n, "ship %s is in the battle twice (first on line %d); give each ship its own id", orders.Quote(s.ID), prev.Line)
	}
	b.shipIDs[s.ID] = n
	name, ok := b.Text(classNode, "class")
	if !ok {
		return s
	}
	u := b.cat.Class(campaign.ClassName(name))
	if u == nil {
		if b.cat != nil {
			b.Addf(classNode, "class %s is not in the catalogue%s", orders.Quote(name), b.Suggestion(name, b.classNames))
		}
		return s
	}
	s.Class, s.Stats = u.Class, u.BattleStats()
	if damage != nil {
		b.damage(damage, &s)
	}
	return s
}

// damage reads what a ship has lost already; it must leave the ship
// something of each.
func (b *battleLoader) damage(n *yaml.Node, s *BattleShip) {
	f, ok := b.Mapping(n, "damage", "structure", "attack", "sensor", "speed")
	if !ok {
		return
	}
	for _, v := range []struct {
		key  string
		has  int
		dst  *int
		keep int
	}{
		{"structure", s.Stats.Structure, &s.Structure, 1},
		{"attack", s.Stats.Attack, &s.Attack, 0},
		{"sensor", s.Stats.Sensor, &s.Sensor, 0},
		{"speed", s.Stats.Speed, &s.Speed, 0},
	} {
		vn := f.Value(v.key)
		if vn == nil {
			continue
		}
		lost, ok := b.Int(vn, v.key, "")
		if ok && (lost < 0 || lost > v.has-v.keep) {
			b.Addf(vn, "%s damage %d is out of range: a %s has %d, so write 0 to %d", v.key, lost, s.Class, v.has, v.has-v.keep)
			continue
		}
		*v.dst = lost
	}
}
