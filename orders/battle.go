package orders

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
)

// BattleReport is a side's word on a battle fought outside pbemd
// (battles: reported): a result, the confirmation of the other side's, or
// word that this side made contact with the other to fight it.
type BattleReport struct {
	Battle string
	// Confirm agrees to the result the other side sent.
	Confirm bool
	// Contact says this side made contact with the other.
	Contact bool
	// Result is the battle's outcome as this side reports it; nil with
	// Confirm.
	Result *BattleResult
	Pos    Pos
}

// BattleResult says what became of each ship; a ship not named came
// through intact. VP are the victory points each side scored. Negotiated,
// when set, says the sides agreed the battle's end, in the ruleset's words
// (in Thunderdome IV, a non-player empire's surrender); a ruleset
// without negotiated ends refuses it.
type BattleResult struct {
	Ships      []ShipFate
	VP         map[campaign.PlayerID]int
	Negotiated string
}

// ShipFate is one ship's end in a reported battle. Ships are named as the
// battle report lists them, "<player>#<n>": the n-th unit of that player
// in the battle, counting fleet by fleet, so no fleet ID is revealed.
type ShipFate struct {
	Ship string
	// Fate is destroyed, crippled, captured or disengaged; intact names a
	// ship only to report the fighters and PFs it lost.
	Fate battle.Fate
	// Damage is the damage a crippled ship took.
	Damage int
	// By is the ship that captured it, and To, when the result says, where
	// the captor put it: a ruleset's word for a place or one of the
	// captor's fleets.
	By string
	To string
	// Direction is the neighbouring system a disengaged ship left for.
	Direction campaign.SystemID
	// Fighters and PFs are the fighters, in load points, and the PFs the
	// ship lost, for rulesets that keep them (Thunderdome IV).
	Fighters int
	PFs      int
	Pos      Pos
}

// The fates a reported result may give.
var reportedFates = []battle.Fate{battle.FateDestroyed, battle.FateCrippled, battle.FateCaptured, battle.FateDisengaged, battle.FateIntact}

// fateWords returns reportedFates as the words a mail writes.
func fateWords() []string {
	out := make([]string, len(reportedFates))
	for i, f := range reportedFates {
		out[i] = string(f)
	}
	return out
}

// Fates maps each ship the result names to its fate.
func (r *BattleResult) Fates() map[string]battle.Fate {
	out := make(map[string]battle.Fate, len(r.Ships))
	for _, s := range r.Ships {
		out[s.Ship] = s.Fate
	}
	return out
}

var (
	resultKeys   = []string{"ships", "vp", "negotiated"}
	shipFateKeys = []string{"ship", "fate", "damage", "by", "to", "direction", "fighters", "pfs"}
)

// battleReport reads the battle: key with its confirm:, result: or
// contact:.
func (p *parser) battleReport(f Fields) *BattleReport {
	const example = "battle: T3-B1, then contact: true, confirm: true or result: {ships: [...], vp: {...}}"
	e, _ := f.Get("battle")
	id, ok := p.Name(e.Value, "battle", "battle: T3-B1")
	if !ok {
		return nil
	}
	r := &BattleReport{Battle: id, Pos: PosOf(e.Key)}
	c, hasConfirm := f.Get("confirm")
	res, hasResult := f.Get("result")
	contact, hasContact := f.Get("contact")
	switch {
	case hasConfirm && hasResult:
		p.Add(PosOf(c.Key), "", "send confirm: or result:, not both", "confirm: true agrees with the other side's result; result: sends your own")
	case hasContact && (hasConfirm || hasResult):
		p.Add(PosOf(contact.Key), "", "send contact: alone, without confirm: or result:", "a result says you were in contact; send contact: true before you fight")
	case hasContact:
		r.Contact, _ = p.Bool(contact.Value, "contact")
		if !r.Contact {
			p.Add(PosOf(contact.Value), "", "contact: false says nothing", "send contact: true once you are in touch with the other side")
		}
	case hasConfirm:
		r.Confirm, _ = p.Bool(c.Value, "confirm")
		if !r.Confirm {
			p.Add(PosOf(c.Value), "", "confirm: false says nothing", "to disagree, send your own result: instead")
		}
	case hasResult:
		r.Result = p.battleResult(res.Value)
	default:
		p.Add(PosOf(e.Key), "", "the battle mail has neither confirm: nor result:", example)
	}
	return r
}

func (p *parser) battleResult(n *yaml.Node) *BattleResult {
	if n.Kind != yaml.MappingNode {
		p.Add(PosOf(n), "", "result must be a mapping with ships: and vp:, not "+Describe(n), "result: {ships: [{ship: castellan#2, fate: destroyed}], vp: {vorn: 120}}")
		return nil
	}
	f, _ := p.Mapping(n, "result", resultKeys...)
	r := &BattleResult{VP: map[campaign.PlayerID]int{}}
	if e, ok := f.Get("negotiated"); ok {
		r.Negotiated, _ = p.Name(e.Value, "negotiated", "negotiated: conquest")
	}
	if e, ok := f.Get("ships"); ok && !IsNull(e.Value) {
		if e.Value.Kind != yaml.SequenceNode {
			p.Add(PosOf(e.Value), "", "ships must be a list, not "+Describe(e.Value), "ships: [{ship: castellan#2, fate: destroyed}]")
		} else {
			if len(e.Value.Content) > MaxOrders {
				p.Add(PosOf(e.Value), "", fmt.Sprintf("the result names %d ships; the limit is %d", len(e.Value.Content), MaxOrders), "name only the ships that did not come through intact")
				return r
			}
			seen := map[string]Pos{}
			for _, item := range e.Value.Content {
				if s, ok := p.shipFate(item); ok {
					if first, dup := seen[s.Ship]; dup {
						p.Add(s.Pos, "", fmt.Sprintf("ship %s is named twice; the first is at %s", s.Ship, first), "give each ship one fate")
						continue
					}
					seen[s.Ship] = s.Pos
					r.Ships = append(r.Ships, s)
				}
			}
		}
	}
	if e, ok := f.Get("vp"); ok && !IsNull(e.Value) {
		if e.Value.Kind != yaml.MappingNode {
			p.Add(PosOf(e.Value), "", "vp must be a mapping of players to points, not "+Describe(e.Value), "vp: {vorn: 120, castellan: 0}")
			return r
		}
		for i := 0; i+1 < len(e.Value.Content); i += 2 {
			k, v := e.Value.Content[i], e.Value.Content[i+1]
			who, ok := p.Name(k, "a vp key", "vorn")
			n, okN := p.Int(v, "vp of "+who, "120")
			if ok && okN {
				if n < 0 {
					p.Add(PosOf(v), "", fmt.Sprintf("vp of %s is %d; victory points are 0 or more", who, n), "vp: {vorn: 120}")
					continue
				}
				r.VP[campaign.PlayerID(who)] = n
			}
		}
	}
	return r
}

// shipFate reads one ship of a result: the ship, its fate, the keys that
// fate needs and the fighters and PFs it lost.
func (p *parser) shipFate(n *yaml.Node) (ShipFate, bool) {
	if n.Kind != yaml.MappingNode {
		p.Add(PosOf(n), "", "each ship must be a mapping such as "+shipFateExample+", not "+Describe(n), shipFateExample)
		return ShipFate{}, false
	}
	f, _ := p.Mapping(n, "a ship's fate", shipFateKeys...)
	s := ShipFate{Pos: PosOf(n)}
	if !p.fateShip(f, n, &s) || !p.fateWord(f, n, &s) {
		return s, false
	}
	good := p.fateKeys(f, n, &s)
	return s, p.fateLosses(f, &s) && good
}

// shipFateExample is a ship of a result, for hints.
const shipFateExample = "{ship: castellan#2, fate: crippled, damage: 12}"

// fateShip reads the ship: key of ship n, a ship as the battle report
// names it.
func (p *parser) fateShip(f Fields, n *yaml.Node, s *ShipFate) bool {
	e, ok := f.Get("ship")
	if !ok {
		p.Add(PosOf(n), "", "the Entry names no ship:", shipFateExample)
		return false
	}
	if s.Ship, ok = p.Name(e.Value, "ship", "castellan#2"); !ok {
		return false
	}
	if !isShipRef(s.Ship) {
		p.Add(PosOf(e.Value), "", fmt.Sprintf("ship %q is not a ship as the battle report names it", s.Ship), "write the player and the ship's number, e.g. castellan#2")
		return false
	}
	return true
}

// fateWord reads the fate: key of ship n, one of reportedFates in any
// case.
func (p *parser) fateWord(f Fields, n *yaml.Node, s *ShipFate) bool {
	e, ok := f.Get("fate")
	if !ok {
		p.Add(PosOf(n), "", "ship "+s.Ship+" has no fate:", "fate: is one of "+strings.Join(fateWords(), ", "))
		return false
	}
	word, ok := p.Name(e.Value, "fate", "destroyed")
	if !ok {
		return false
	}
	s.Fate = battle.Fate(strings.ToLower(word))
	if !slices.Contains(reportedFates, s.Fate) {
		p.Add(PosOf(e.Value), "", fmt.Sprintf("fate %q is not one pbemd knows", s.Fate), p.NearestHint(string(s.Fate), fateWords(), "fates")+" (a ship not named came through intact)")
		return false
	}
	return true
}

// fateKeys reads the keys that go with one fate only: damage: with
// crippled, by: and to: with captured, direction: with disengaged. It
// reports whether they are as the fate needs.
func (p *parser) fateKeys(f Fields, n *yaml.Node, s *ShipFate) bool {
	good := true
	need := func(key string, fate battle.Fate, hint string) *yaml.Node {
		e, ok := f.Get(key)
		switch {
		case ok && s.Fate != fate:
			p.Add(PosOf(e.Key), "", fmt.Sprintf("%s: goes only with fate: %s", key, fate), "remove it")
			good = false
		case !ok && s.Fate == fate:
			p.Add(PosOf(n), "", fmt.Sprintf("a %s ship needs %s:", fate, key), hint)
			good = false
		case ok:
			return e.Value
		}
		return nil
	}
	if v := need("damage", battle.FateCrippled, "damage: 12, the damage points it took"); v != nil {
		if d, ok := p.Int(v, "damage", "damage: 12"); ok && d > 0 {
			s.Damage = d
		} else if ok {
			p.Add(PosOf(v), "", fmt.Sprintf("damage %d must be more than 0", d), "damage: 12")
			good = false
		}
	}
	var ok bool
	if v := need("by", battle.FateCaptured, "by: vorn#1, the ship that took it"); v != nil {
		if s.By, ok = p.Name(v, "by", "vorn#1"); ok && !isShipRef(s.By) {
			p.Add(PosOf(v), "", fmt.Sprintf("by %q is not a ship as the battle report names it", s.By), "write the captor's ship, e.g. vorn#1")
			good = false
		}
	}
	if e, ok := f.Get("to"); ok {
		if s.Fate != battle.FateCaptured {
			p.Add(PosOf(e.Key), "", "to: goes only with fate: captured", "remove it")
			good = false
		} else if s.To, ok = p.Name(e.Value, "to", "to: f2"); !ok {
			good = false
		}
	}
	if v := need("direction", battle.FateDisengaged, "direction: ferrum, the system it withdrew to"); v != nil {
		d, ok := p.Name(v, "direction", "ferrum")
		s.Direction = campaign.SystemID(d)
		good = good && ok
	}
	return good
}

// fateLosses reads the fighters: and pfs: a ship lost, 0 or more of
// each, and reports whether they are.
func (p *parser) fateLosses(f Fields, s *ShipFate) bool {
	good := true
	for _, k := range []struct {
		key string
		dst *int
	}{{"fighters", &s.Fighters}, {"pfs", &s.PFs}} {
		if e, ok := f.Get(k.key); ok {
			if v, ok := p.Int(e.Value, k.key, k.key+": 4"); ok && v >= 0 {
				*k.dst = v
			} else if ok {
				p.Add(PosOf(e.Value), "", fmt.Sprintf("%s %d: the %s a ship lost are 0 or more", k.key, v, k.key), k.key+": 4")
				good = false
			}
		}
	}
	return good
}

// isShipRef reports whether s looks like "<player>#<n>".
func isShipRef(s string) bool {
	who, n, ok := strings.Cut(s, "#")
	if !ok || who == "" || n == "" {
		return false
	}
	for _, r := range n {
		if r < '0' || r > '9' {
			return false
		}
	}
	return n[0] != '0'
}
