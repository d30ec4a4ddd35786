package config

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"go.yaml.in/yaml/v3"
)

var unitKeys = []string{"class", "cbpv", "ebpv", "size", "docking", "scout", "commando", "vision", "roles", "refits", "damcon", "combat"}

// readUnits reads the unit catalogue (DESIGN "The rules": every campaign
// brings its own).
func (l *loader) readUnits(n *yaml.Node) {
	items, ok := l.List(n, "units", "")
	if !ok {
		return
	}
	if len(items) == 0 {
		l.Addf(n, "units is empty; the catalogue needs at least one unit class, e.g. - {class: cruiser, cbpv: 120, ebpv: 115, size: 3, docking: 8}")
	}
	l.classes = make(map[campaign.ClassName]*yaml.Node, len(items))
	for _, item := range items {
		l.readUnit(item)
	}
	l.checkRefits()
}

func (l *loader) readUnit(n *yaml.Node) {
	f, ok := l.Mapping(n, "unit", unitKeys...)
	if !ok {
		return
	}
	u := campaign.UnitClass{}
	u.CBPV = l.positive(l.Need(f, "cbpv", "120"), "cbpv", "the combat BPV, e.g. 120")
	u.EBPV = l.positive(l.Need(f, "ebpv", "115"), "ebpv", "the economic BPV, what building it costs, e.g. 115")
	u.Docking = l.positive(l.Need(f, "docking", "8"), "docking", "the docking points building it takes at an FRD, e.g. 8")
	if size, ok := l.Int(l.Need(f, "size", "3"), "size", ""); ok {
		if size < 1 || size > 6 {
			l.Addf(f.Value("size"), "size %d is not a size class; write 1 to 6 (2 the biggest hull, 4 the smallest warship)", size)
		}
		u.Size = size
	}
	u.Scout, _ = l.Bool(f.Value("scout"), "scout")
	u.Commando, _ = l.Bool(f.Value("commando"), "commando")
	if n := f.Value("vision"); n != nil {
		u.Vision = l.positive(n, "vision", "how many lanes away the unit sees, e.g. 2")
	}
	u.Roles = l.roles(f.Value("roles"))
	if n := f.Value("refits"); n != nil {
		u.Refits = l.refits(n)
	}
	if n := f.Value("damcon"); n != nil {
		u.Damcon, _ = l.Int(n, "damcon", "")
		if u.Damcon < 0 {
			l.Addf(n, "damcon %d is below 0; write the damage-control rating, e.g. 2", u.Damcon)
		}
	}
	if n := f.Value("combat"); n != nil {
		u.Combat = l.readCombat(n, u)
	}
	classNode := l.Need(f, "class", "cruiser")
	class, ok := l.className(classNode, "class")
	u.Class = campaign.ClassName(class)
	l.part.Units = append(l.part.Units, game.ScenarioUnit{Fields: f, Class: u})
	if !ok {
		return
	}
	if prev := l.classes[u.Class]; prev != nil {
		l.Addf(classNode, "unit class %q is in the catalogue twice (first on line %d); keep one", class, prev.Line)
		return
	}
	l.classes[u.Class] = classNode
	l.classNames = append(l.classNames, class)
	l.st.Catalogue = append(l.st.Catalogue, u)
}

// roles reads a unit's roles: a list of known role names, each once.
func (l *loader) roles(n *yaml.Node) []campaign.Role {
	if n == nil {
		return nil
	}
	items, ok := l.List(n, "roles", "")
	if !ok {
		return nil
	}
	known := make([]string, 0, len(campaign.Roles()))
	for _, r := range campaign.Roles() {
		known = append(known, string(r))
	}
	var out []campaign.Role
	for _, item := range items {
		s, ok := l.Text(item, "role")
		if !ok {
			continue
		}
		r := campaign.Role(s)
		switch {
		case !slices.Contains(campaign.Roles(), r):
			l.Addf(item, "unknown role %s%s (roles: %s)", orders.Quote(s), l.Suggestion(s, known), strings.Join(known, ", "))
		case slices.Contains(out, r):
			l.Addf(item, "role %s is given twice", s)
		default:
			out = append(out, r)
		}
	}
	return out
}

// refits reads the classes a unit may be refitted to; they are checked
// against the catalogue once it is read (checkRefits).
func (l *loader) refits(n *yaml.Node) []campaign.ClassName {
	items, ok := l.List(n, "refits", "")
	if !ok {
		return nil
	}
	var out []campaign.ClassName
	for _, item := range items {
		if s, ok := l.Text(item, "refit"); ok {
			out = append(out, campaign.ClassName(s))
			l.refitNodes = append(l.refitNodes, item)
		}
	}
	return out
}

// checkRefits reports refits to classes the catalogue does not have.
func (l *loader) checkRefits() {
	for _, n := range l.refitNodes {
		if l.classes[campaign.ClassName(n.Value)] == nil {
			l.Addf(n, "refit to class %s, which is not in units%s", orders.Quote(n.Value), l.Suggestion(n.Value, l.classNames))
		}
	}
}

var combatKeys = []string{"hull", "def", "sensor", "armor", "structure", "attack", "fc", "damage", "speed", "command"}

// readCombat reads a unit's stat block for the automatic battle engine
// (docs/battles.md). A key left out takes the default for the unit's size
// and CBPV (campaign.DefaultCombat).
func (l *loader) readCombat(n *yaml.Node, u campaign.UnitClass) *campaign.CombatStats {
	f, ok := l.Mapping(n, "combat", combatKeys...)
	if !ok {
		return nil
	}
	before := l.Len()
	c := campaign.DefaultCombat(u.Size, u.CBPV, u.Scout)
	if hn := f.Value("hull"); hn != nil {
		if h, ok := l.Text(hn, "hull"); ok {
			c.Hull = campaign.Hull(h)
			if !slices.Contains(campaign.Hulls(), c.Hull) {
				l.Addf(hn, "hull %s is not a hull: write capital, heavy or medium%s", orders.Quote(h), l.Suggestion(h, []string{"capital", "heavy", "medium"}))
			}
		}
	}
	for _, v := range []struct {
		key  string
		min  int
		dst  *int
		want string
	}{
		{"def", 0, &c.Def, "the defence rating, e.g. 10"},
		{"sensor", 0, &c.Sensor, "the sensor rating, e.g. 6"},
		{"armor", 0, &c.Armor, "the armor, e.g. 4"},
		{"structure", 1, &c.Structure, "the structure points, e.g. 8"},
		{"attack", 0, &c.Attack, "the dice the ship rolls per volley, e.g. 4"},
		{"speed", 0, &c.Speed, "the speed, e.g. 3"},
		{"command", 0, &c.Command, "how many other ships it can command, e.g. 3"},
	} {
		l.combatValue(f.Value(v.key), v.key, v.min, v.dst, v.want)
	}
	l.dice(f.Value("fc"), c.FC[:])
	if dn := f.Value("damage"); dn != nil {
		c.Damage, _ = l.die(dn, "damage")
	}
	if err := c.Check(); err != nil && l.Len() == before {
		l.Addf(n, "combat: %v", err)
	}
	return &c
}

// combatValue reads one number of a combat stat block into dst, if n is
// there.
func (l *loader) combatValue(n *yaml.Node, key string, lo int, dst *int, want string) {
	if n == nil {
		return
	}
	v, ok := l.Int(n, key, "")
	if !ok {
		return
	}
	if v < lo || v > campaign.MaxCombatValue {
		l.Addf(n, "%s %d is out of range; write %s, from %d to %d", key, v, want, lo, campaign.MaxCombatValue)
		return
	}
	*dst = v
}

// dice reads the fire-control dice: a list of two dice, against capital
// and heavy hulls and against medium ones (B5 "Fire control").
func (l *loader) dice(n *yaml.Node, dst []int) {
	items, ok := l.List(n, "fc", "")
	if !ok {
		return
	}
	if len(items) != len(dst) {
		l.Addf(n, "fc has %d dice; write two, against capital and heavy hulls and against medium ones, e.g. fc: [10, 8]", len(items))
		return
	}
	for i, item := range items {
		if d, ok := l.die(item, "fc"); ok {
			dst[i] = d
		}
	}
}

// die reads the sides of a die: 10, or d10.
func (l *loader) die(n *yaml.Node, what string) (int, bool) {
	if _, ok := l.Scalar(n, what, "a die such as 10 or d10", ""); !ok {
		return 0, false
	}
	v, err := strconv.Atoi(strings.TrimPrefix(n.Value, "d"))
	if err != nil || n.ShortTag() != "!!int" && !strings.HasPrefix(n.Value, "d") {
		l.Wrong(n, what, "a die such as 10 or d10", "")
		return 0, false
	}
	if v < 2 || v > campaign.MaxCombatDie {
		l.Addf(n, "%s die %s has %d sides; write a die from d2 to d%d, e.g. d10", what, n.Value, v, campaign.MaxCombatDie)
		return 0, false
	}
	return v, true
}

// positive reads a whole number greater than 0.
func (l *loader) positive(n *yaml.Node, what, want string) int {
	v, ok := l.Int(n, what, "")
	if ok && v <= 0 {
		l.Addf(n, "%s %d must be more than 0; write %s", what, v, want)
	}
	return v
}

// playerKeys are the keys of a player's entry: the ruleset's own go
// between race and timezone.
var playerKeys = [2][]string{{"id", "name", "email", "race"}, {"timezone"}}

// readPlayers reads the players: who they are and how to reach them.
func (l *loader) readPlayers(n *yaml.Node) {
	items, ok := l.List(n, "players", "")
	if !ok {
		return
	}
	if len(items) == 0 {
		l.Addf(n, "players is empty; add at least one player, e.g. - {id: vorn, name: Drask, email: vorn@example.org, home: drakkar}")
	}
	l.players = make(map[campaign.PlayerID]*yaml.Node, len(items))
	keys := slices.Concat(playerKeys[0], l.spec.PlayerKeys, playerKeys[1])
	emails := make(map[string]*yaml.Node, len(items))
	for _, item := range items {
		l.readPlayer(item, keys, emails)
	}
}

// readPlayer reads one player; emails holds the addresses of those read
// before, which the player may not share.
func (l *loader) readPlayer(n *yaml.Node, keys []string, emails map[string]*yaml.Node) {
	f, ok := l.Mapping(n, "player", keys...)
	if !ok {
		return
	}
	p := campaign.Player{}
	p.Name, _ = l.Text(l.Need(f, "name", "Drask"), "name")
	p.Race, _ = l.Text(f.Value("race"), "race")
	p.TimeZone, _ = l.zone(f.Value("timezone"), "timezone")
	emailNode := l.Need(f, "email", "vorn@example.org")
	if email, ok := l.email(emailNode, "email"); ok {
		if prev := emails[email]; prev != nil {
			l.Addf(emailNode, "email %s is already a player's address (line %d); every player needs an address of their own", email, prev.Line)
		}
		emails[email] = emailNode
		p.Email = email
	}
	idNode := l.Need(f, "id", "vorn")
	id, ok := l.id(idNode, "player id")
	if prev := l.players[campaign.PlayerID(id)]; ok && prev != nil {
		l.Addf(idNode, "player id %q is used twice (first on line %d); give each player their own id", id, prev.Line)
		ok = false
	}
	entry := game.ScenarioPlayer{Fields: f}
	if ok {
		p.ID = campaign.PlayerID(id)
		entry.ID = p.ID
		l.players[p.ID] = idNode
		l.playerIDs = append(l.playerIDs, id)
		l.st.Players = append(l.st.Players, p)
	}
	l.part.Players = append(l.part.Players, entry)
}

// playerRef reads a reference to a player. The reference is not checked if
// the players could not be read.
func (l *loader) playerRef(n *yaml.Node, what string) (campaign.PlayerID, bool) {
	s, ok := l.Text(n, what+" player")
	if !ok {
		return "", false
	}
	if l.players != nil && l.players[campaign.PlayerID(s)] == nil {
		l.Addf(n, "%s names player %s, who is not in players%s", what, orders.Quote(s), l.Suggestion(s, l.playerIDs))
		return "", false
	}
	return campaign.PlayerID(s), true
}

var fleetKeys = []string{"id", "player", "at", "units"}

// readFleets reads the starting fleets. Fleet IDs are unique within their
// owner's navy only.
func (l *loader) readFleets(n *yaml.Node) {
	items, _ := l.List(n, "fleets", "")
	seen := make(map[campaign.FleetKey]*yaml.Node, len(items))
	for _, item := range items {
		f, ok := l.Mapping(item, "fleet", fleetKeys...)
		if !ok {
			continue
		}
		fl := campaign.Fleet{}
		owner, ownerOK := l.playerRef(l.Need(f, "player", "vorn"), "fleet")
		fl.Owner = owner
		fl.At, _ = l.systemRef(l.Need(f, "at", "drakkar"), "fleet")
		fl.Units = l.fleetUnits(l.Need(f, "units", "[cruiser, destroyer]"))
		idNode := l.Need(f, "id", "1st")
		id, ok := l.id(idNode, "fleet id")
		if !ok || !ownerOK {
			continue
		}
		fl.ID = campaign.FleetID(id)
		if prev := seen[fl.Key()]; prev != nil {
			l.Addf(idNode, "player %q already has a fleet %q (line %d); fleet ids must differ within a navy", owner, id, prev.Line)
			continue
		}
		seen[fl.Key()] = idNode
		l.st.Fleets = append(l.st.Fleets, fl)
	}
	l.part.Fleets = seen
}

func (l *loader) fleetUnits(n *yaml.Node) []campaign.ClassName {
	items, ok := l.List(n, "units", "")
	if !ok {
		return nil
	}
	if len(items) == 0 {
		l.Addf(n, "fleet has no units; list at least one unit class, e.g. units: [cruiser, destroyer]")
	}
	out := make([]campaign.ClassName, 0, len(items))
	for _, item := range items {
		s, ok := l.Text(item, "unit")
		if !ok {
			continue
		}
		if l.classes != nil && l.classes[campaign.ClassName(s)] == nil {
			l.Addf(item, "fleet has a unit of class %s, which is not in units%s", orders.Quote(s), l.Suggestion(s, l.classNames))
			continue
		}
		out = append(out, campaign.ClassName(s))
	}
	return out
}

var developmentKeys = []string{"at", "player", "kind"}

var developmentKinds = []string{string(campaign.Mine), string(campaign.Colony), string(campaign.Fortification)}

// readDevelopments reads the starting developments; whether each may
// stand where it is, is the ruleset's to check.
func (l *loader) readDevelopments(n *yaml.Node) {
	items, _ := l.List(n, "developments", "")
	for _, item := range items {
		f, ok := l.Mapping(item, "development", developmentKeys...)
		if !ok {
			continue
		}
		owner, ownerOK := l.playerRef(l.Need(f, "player", "vorn"), "development")
		atNode := l.Need(f, "at", "halcyon")
		at, atOK := l.systemRef(atNode, "development")
		kindNode := l.Need(f, "kind", "colony")
		k, kindOK := l.Text(kindNode, "kind")
		if kindOK && !slices.Contains(developmentKinds, k) {
			l.Addf(kindNode, "kind %s is not a development: write mine, colony or fortification%s", orders.Quote(k), l.Suggestion(k, developmentKinds))
			kindOK = false
		}
		if !ownerOK || !atOK || !kindOK || l.systems == nil {
			continue
		}
		d := campaign.Development{At: at, Owner: owner, Kind: campaign.DevelopmentKind(k), Since: l.st.Start}
		l.st.Developments = append(l.st.Developments, d)
		l.part.Developments = append(l.part.Developments, game.ScenarioDevelopment{Development: d, Entry: item, At: atNode})
	}
}
