package config

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
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
		l.addf(n, "units is empty; the catalogue needs at least one unit class, e.g. - {class: cruiser, cbpv: 120, ebpv: 115, size: 3, docking: 8}")
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
	u.CBPV = l.positive(l.need(f, "cbpv", "120"), "cbpv", "the combat BPV, e.g. 120")
	u.EBPV = l.positive(l.need(f, "ebpv", "115"), "ebpv", "the economic BPV, what building it costs, e.g. 115")
	u.Docking = l.positive(l.need(f, "docking", "8"), "docking", "the docking points building it takes at an FRD, e.g. 8")
	if docks := l.st.Rules.Build.Docking; docks > 0 && u.Docking > docks {
		l.addf(f.Value("docking"), "docking %d is more than an FRD builds in one turn (%d, EaW 6.0), so the unit could never be built", u.Docking, docks)
	}
	if size, ok := l.Int(l.need(f, "size", "3"), "size", ""); ok {
		if size < 1 || size > 6 {
			l.addf(f.Value("size"), "size %d is not a size class; write 1 to 6 (2 the biggest hull, 4 the smallest warship, EaW 17f)", size)
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
			l.addf(n, "damcon %d is below 0; write the damage-control rating, e.g. 2 (EaW 22b)", u.Damcon)
		}
	}
	if n := f.Value("combat"); n != nil {
		u.Combat = l.readCombat(n, u)
	}
	classNode := l.need(f, "class", "cruiser")
	class, ok := l.className(classNode, "class")
	if !ok {
		return
	}
	u.Class = campaign.ClassName(class)
	if prev := l.classes[u.Class]; prev != nil {
		l.addf(classNode, "unit class %q is in the catalogue twice (first on line %d); keep one", class, prev.Line)
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
		s, ok := l.text(item, "role")
		if !ok {
			continue
		}
		r := campaign.Role(s)
		switch {
		case !slices.Contains(campaign.Roles(), r):
			l.addf(item, "unknown role %s%s (roles: %s)", quote(s), l.didYouMean(s, known), strings.Join(known, ", "))
		case slices.Contains(out, r):
			l.addf(item, "role %s is given twice", s)
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
		if s, ok := l.text(item, "refit"); ok {
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
			l.addf(n, "refit to class %s, which is not in units%s", quote(n.Value), l.didYouMean(n.Value, l.classNames))
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
		if h, ok := l.text(hn, "hull"); ok {
			c.Hull = campaign.Hull(h)
			if !slices.Contains(campaign.Hulls(), c.Hull) {
				l.addf(hn, "hull %s is not a hull: write capital, heavy or medium%s", quote(h), l.didYouMean(h, []string{"capital", "heavy", "medium"}))
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
		l.addf(n, "combat: %v", err)
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
		l.addf(n, "%s %d is out of range; write %s, from %d to %d", key, v, want, lo, campaign.MaxCombatValue)
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
		l.addf(n, "fc has %d dice; write two, against capital and heavy hulls and against medium ones, e.g. fc: [10, 8]", len(items))
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
		l.addf(n, "%s die %s has %d sides; write a die from d2 to d%d, e.g. d10", what, n.Value, v, campaign.MaxCombatDie)
		return 0, false
	}
	return v, true
}

// positive reads a whole number greater than 0.
func (l *loader) positive(n *yaml.Node, what, want string) int {
	v, ok := l.Int(n, what, "")
	if ok && v <= 0 {
		l.addf(n, "%s %d must be more than 0; write %s", what, v, want)
	}
	return v
}

var playerKeys = []string{"id", "name", "email", "race", "home", "treasury", "timezone"}

// readPlayers reads the players. Each player's home gets the player's FRD
// and a developed mine (EaW 2a).
func (l *loader) readPlayers(n *yaml.Node) {
	items, ok := l.List(n, "players", "")
	if !ok {
		return
	}
	if len(items) == 0 {
		l.addf(n, "players is empty; add at least one player, e.g. - {id: vorn, name: Drask, email: vorn@example.org, home: drakkar}")
	}
	l.players = make(map[campaign.PlayerID]*yaml.Node, len(items))
	seen := &playerSet{
		emails: make(map[string]*yaml.Node, len(items)),
		homes:  make(map[campaign.SystemID]campaign.PlayerID, len(items)),
	}
	for _, item := range items {
		l.readPlayer(item, seen)
	}
}

// playerSet holds what players may not share: addresses and homes.
type playerSet struct {
	emails map[string]*yaml.Node
	homes  map[campaign.SystemID]campaign.PlayerID
}

func (l *loader) readPlayer(n *yaml.Node, seen *playerSet) {
	f, ok := l.Mapping(n, "player", playerKeys...)
	if !ok {
		return
	}
	p := campaign.Player{}
	p.Name, _ = l.text(l.need(f, "name", "Drask"), "name")
	p.Race, _ = l.text(f.Value("race"), "race")
	p.TimeZone, _ = l.zone(f.Value("timezone"), "timezone")
	if t, ok := l.Int(f.Value("treasury"), "treasury", ""); ok {
		if t < 0 {
			l.addf(f.Value("treasury"), "treasury %d is negative; write the BPV the player starts with, e.g. 600", t)
		}
		p.Treasury = t
	}
	emailNode := l.need(f, "email", "vorn@example.org")
	if email, ok := l.email(emailNode, "email"); ok {
		if prev := seen.emails[email]; prev != nil {
			l.addf(emailNode, "email %s is already a player's address (line %d); every player needs an address of their own", email, prev.Line)
		}
		seen.emails[email] = emailNode
		p.Email = email
	}
	idNode := l.need(f, "id", "vorn")
	id, ok := l.id(idNode, "player id")
	if prev := l.players[campaign.PlayerID(id)]; ok && prev != nil {
		l.addf(idNode, "player id %q is used twice (first on line %d); give each player their own id", id, prev.Line)
		ok = false
	}
	home, homeOK := l.home(l.need(f, "home", "drakkar"), seen.homes)
	if !ok {
		return
	}
	p.ID = campaign.PlayerID(id)
	l.players[p.ID] = idNode
	l.playerIDs = append(l.playerIDs, id)
	if homeOK {
		p.Home = home
		seen.homes[home] = p.ID
		l.placeHome(p.ID, home)
	}
	l.st.Players = append(l.st.Players, p)
}

// home reads a player's home: a mineral planet that is nobody else's home
// (EaW 2a).
func (l *loader) home(n *yaml.Node, homes map[campaign.SystemID]campaign.PlayerID) (campaign.SystemID, bool) {
	id, ok := l.systemRef(n, "home")
	if !ok || l.systems == nil {
		return "", false
	}
	s := l.systems[id].system
	switch {
	case s.Planet.Valid() && s.Planet != campaign.Mineral:
		l.addf(n, "home %q is %s planet; a home must be a mineral planet, where the player's FRD and first mine stand (EaW 2a)", id, withArticle(s.Planet))
	case homes[id] != "":
		l.addf(n, "home %q is already the home of player %q; give each player a home of their own", id, homes[id])
	default:
		return id, s.Planet.Valid()
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

// playerRef reads a reference to a player. The reference is not checked if
// the players could not be read.
func (l *loader) playerRef(n *yaml.Node, what string) (campaign.PlayerID, bool) {
	s, ok := l.text(n, what+" player")
	if !ok {
		return "", false
	}
	if l.players != nil && l.players[campaign.PlayerID(s)] == nil {
		l.addf(n, "%s names player %s, who is not in players%s", what, quote(s), l.didYouMean(s, l.playerIDs))
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
		owner, ownerOK := l.playerRef(l.need(f, "player", "vorn"), "fleet")
		fl.Owner = owner
		fl.At, _ = l.systemRef(l.need(f, "at", "drakkar"), "fleet")
		fl.Units = l.fleetUnits(l.need(f, "units", "[cruiser, destroyer]"))
		idNode := l.need(f, "id", "1st")
		id, ok := l.id(idNode, "fleet id")
		if !ok || !ownerOK {
			continue
		}
		fl.ID = campaign.FleetID(id)
		if prev := seen[fl.Key()]; prev != nil {
			l.addf(idNode, "player %q already has a fleet %q (line %d); fleet ids must differ within a navy", owner, id, prev.Line)
			continue
		}
		seen[fl.Key()] = idNode
		l.st.Fleets = append(l.st.Fleets, fl)
	}
	l.checkStartingFleets(seen)
}

// checkStartingFleets checks every navy against EaW 2c: exactly
// StartCount fleets, each with a ship of size class StartSize and a combat
// BPV from StartMinCBPV to the first period's cap. StartCount 0 skips it,
// and so does a scenario with no fleets at all: a map still being drawn.
func (l *loader) checkStartingFleets(nodes map[campaign.FleetKey]*yaml.Node) {
	r := l.st.Rules.Fleets
	if r.StartCount == 0 || len(l.st.Fleets) == 0 {
		return
	}
	const off = "or set overrides: {fleets: {start_count: 0}} to start otherwise"
	count := map[campaign.PlayerID]int{}
	for _, f := range l.st.Fleets {
		count[f.Owner]++
		n := nodes[f.Key()]
		cbpv, hasSize := 0, r.StartSize == 0
		for _, u := range f.Units {
			if c := l.st.Catalogue.Class(u); c != nil {
				cbpv += c.CBPV
				hasSize = hasSize || c.Size == r.StartSize
			}
		}
		if !hasSize {
			l.addf(n, "fleet %s of %s has no size class %d ship; every starting fleet needs one (EaW 2c), %s", f.ID, f.Owner, r.StartSize, off)
		}
		if max := r.MaxCBPV[0]; cbpv < r.StartMinCBPV || (max > 0 && cbpv > max) {
			l.addf(n, "fleet %s of %s has %d combat BPV; a starting fleet has %d to %d (EaW 2c), %s", f.ID, f.Owner, cbpv, r.StartMinCBPV, max, off)
		}
	}
	for _, p := range l.st.Players {
		if n := count[p.ID]; n != r.StartCount {
			l.addf(l.players[p.ID], "player %s starts with %d fleets; EaW 2c gives each player exactly %d, %s", p.ID, n, r.StartCount, off)
		}
	}
}

func (l *loader) fleetUnits(n *yaml.Node) []campaign.ClassName {
	items, ok := l.List(n, "units", "")
	if !ok {
		return nil
	}
	if len(items) == 0 {
		l.addf(n, "fleet has no units; list at least one unit class, e.g. units: [cruiser, destroyer]")
	}
	out := make([]campaign.ClassName, 0, len(items))
	for _, item := range items {
		s, ok := l.text(item, "unit")
		if !ok {
			continue
		}
		if l.classes != nil && l.classes[campaign.ClassName(s)] == nil {
			l.addf(item, "fleet has a unit of class %s, which is not in units%s", quote(s), l.didYouMean(s, l.classNames))
			continue
		}
		out = append(out, campaign.ClassName(s))
	}
	return out
}

var developmentKeys = []string{"at", "player", "kind"}

var developmentKinds = []string{string(campaign.Mine), string(campaign.Colony), string(campaign.Fortification)}

// readDevelopments reads extra starting developments. A mine needs a
// mineral planet (EaW 12.0), a colony a life planet (EaW 13.0); nothing is
// developed at an unknown planet before it is explored (EaW 1c, 16.0).
func (l *loader) readDevelopments(n *yaml.Node) {
	items, _ := l.List(n, "developments", "")
	for _, item := range items {
		f, ok := l.Mapping(item, "development", developmentKeys...)
		if !ok {
			continue
		}
		owner, ownerOK := l.playerRef(l.need(f, "player", "vorn"), "development")
		atNode := l.need(f, "at", "halcyon")
		at, atOK := l.systemRef(atNode, "development")
		kindNode := l.need(f, "kind", "colony")
		k, kindOK := l.text(kindNode, "kind")
		kind := campaign.DevelopmentKind(k)
		if kindOK && !slices.Contains(developmentKinds, k) {
			l.addf(kindNode, "kind %s is not a development: write mine, colony or fortification%s", quote(k), l.didYouMean(k, developmentKinds))
			kindOK = false
		}
		if !ownerOK || !atOK || !kindOK || l.systems == nil || !l.fits(atNode, at, kind) {
			continue
		}
		key := devKey{at, kind}
		if prev, dup := l.devs[key]; dup {
			where := "player " + quote(string(prev.owner)) + "'s home mine"
			if prev.node != nil {
				where = "line " + strconv.Itoa(prev.node.Line)
			}
			l.addf(item, "%q already has a %s (%s); remove this one", at, kind, where)
			continue
		}
		l.devs[key] = devEntry{node: item, owner: owner}
		l.st.Developments = append(l.st.Developments, campaign.Development{At: at, Owner: owner, Kind: kind, Since: l.st.Start})
	}
}

// fits reports whether a development of this kind may stand at the
// system's planet, and records a problem if not.
func (l *loader) fits(n *yaml.Node, at campaign.SystemID, kind campaign.DevelopmentKind) bool {
	planet := l.systems[at].system.Planet
	switch {
	case !planet.Valid():
		return false
	case planet == campaign.Unknown:
		l.addf(n, "%q is an unknown planet; it must be explored before anything is developed there (EaW 16.0)", at)
	case kind == campaign.Mine && planet != campaign.Mineral:
		l.addf(n, "a mine needs a mineral planet (EaW 12.0), but %q is %s planet", at, withArticle(planet))
	case kind == campaign.Colony && planet != campaign.Life:
		l.addf(n, "a colony needs a life planet (EaW 13.0), but %q is %s planet", at, withArticle(planet))
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
