package orders

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
)

// BattleReport is a side's word on a battle fought outside pbemd
// (battles: reported): a result, or the confirmation of the other side's.
type BattleReport struct {
	Battle string
	// Confirm agrees to the result the other side sent.
	Confirm bool
	// Result is the battle's outcome as this side reports it; nil with
	// Confirm.
	Result *BattleResult
	Pos    Pos
}

// BattleResult says what became of each ship; a ship not named came
// through intact. VP are the victory points each side scored (EaW 4e).
type BattleResult struct {
	Ships []ShipFate
	VP    map[campaign.PlayerID]int
}

// ShipFate is one ship's end in a reported battle. Ships are named as the
// battle report lists them, "<player>#<n>": the n-th unit of that player
// in the battle, counting fleet by fleet, so no fleet ID is revealed.
type ShipFate struct {
	Ship string
	// Fate is destroyed, crippled, captured or disengaged.
	Fate string
	// Damage is the damage a crippled ship took.
	Damage int
	// By is the ship that captured it.
	By string
	// Direction is the neighbouring system a disengaged ship left for.
	Direction campaign.SystemID
	Pos       Pos
}

// The fates a reported result may give.
var reportedFates = []string{"destroyed", "crippled", "captured", "disengaged"}

var (
	resultKeys   = []string{"ships", "vp"}
	shipFateKeys = []string{"ship", "fate", "damage", "by", "direction"}
)

// battleReport reads the battle: key with its confirm: or result:.
func (p *parser) battleReport(f map[string]entry) *BattleReport {
	const example = "battle: T3-B1, then confirm: true or result: {ships: [...], vp: {...}}"
	e := f["battle"]
	id, ok := p.name(e.val, "battle", "battle: T3-B1")
	if !ok {
		return nil
	}
	r := &BattleReport{Battle: id, Pos: pos(e.key)}
	c, hasConfirm := f["confirm"]
	res, hasResult := f["result"]
	switch {
	case hasConfirm && hasResult:
		p.add(pos(c.key), "", "send confirm: or result:, not both", "confirm: true agrees with the other side's result; result: sends your own")
	case hasConfirm:
		r.Confirm, _ = p.boolean(c.val, "confirm")
		if !r.Confirm {
			p.add(pos(c.val), "", "confirm: false says nothing", "to disagree, send your own result: instead")
		}
	case hasResult:
		r.Result = p.battleResult(res.val)
	default:
		p.add(pos(e.key), "", "the battle mail has neither confirm: nor result:", example)
	}
	return r
}

func (p *parser) battleResult(n *yaml.Node) *BattleResult {
	if n.Kind != yaml.MappingNode {
		p.add(pos(n), "", "result must be a mapping with ships: and vp:, not "+describe(n), "result: {ships: [{ship: castellan#2, fate: destroyed}], vp: {vorn: 120}}")
		return nil
	}
	f := p.fields(n, resultKeys, "result")
	r := &BattleResult{VP: map[campaign.PlayerID]int{}}
	if e, ok := f["ships"]; ok && !isNull(e.val) {
		if e.val.Kind != yaml.SequenceNode {
			p.add(pos(e.val), "", "ships must be a list, not "+describe(e.val), "ships: [{ship: castellan#2, fate: destroyed}]")
		} else {
			if len(e.val.Content) > MaxOrders {
				p.add(pos(e.val), "", fmt.Sprintf("the result names %d ships; the limit is %d", len(e.val.Content), MaxOrders), "name only the ships that did not come through intact")
				return r
			}
			seen := map[string]Pos{}
			for _, item := range e.val.Content {
				if s, ok := p.shipFate(item); ok {
					if first, dup := seen[s.Ship]; dup {
						p.add(s.Pos, "", fmt.Sprintf("ship %s is named twice; the first is at %s", s.Ship, first), "give each ship one fate")
						continue
					}
					seen[s.Ship] = s.Pos
					r.Ships = append(r.Ships, s)
				}
			}
		}
	}
	if e, ok := f["vp"]; ok && !isNull(e.val) {
		if e.val.Kind != yaml.MappingNode {
			p.add(pos(e.val), "EaW 4e", "vp must be a mapping of players to points, not "+describe(e.val), "vp: {vorn: 120, castellan: 0}")
			return r
		}
		for i := 0; i+1 < len(e.val.Content); i += 2 {
			k, v := e.val.Content[i], e.val.Content[i+1]
			who, ok := p.name(k, "a vp key", "vorn")
			n, okN := p.number(v, "vp of "+who, "120")
			if ok && okN {
				if n < 0 {
					p.add(pos(v), "EaW 4e", fmt.Sprintf("vp of %s is %d; victory points are 0 or more", who, n), "vp: {vorn: 120}")
					continue
				}
				r.VP[campaign.PlayerID(who)] = n
			}
		}
	}
	return r
}

func (p *parser) shipFate(n *yaml.Node) (ShipFate, bool) {
	const example = "{ship: castellan#2, fate: crippled, damage: 12}"
	if n.Kind != yaml.MappingNode {
		p.add(pos(n), "", "each ship must be a mapping such as "+example+", not "+describe(n), example)
		return ShipFate{}, false
	}
	f := p.fields(n, shipFateKeys, "a ship's fate")
	s := ShipFate{Pos: pos(n)}
	e, ok := f["ship"]
	if !ok {
		p.add(pos(n), "", "the entry names no ship:", example)
		return s, false
	}
	if s.Ship, ok = p.name(e.val, "ship", "castellan#2"); !ok {
		return s, false
	}
	if !isShipRef(s.Ship) {
		p.add(pos(e.val), "", fmt.Sprintf("ship %q is not a ship as the battle report names it", s.Ship), "write the player and the ship's number, e.g. castellan#2")
		return s, false
	}
	e, ok = f["fate"]
	if !ok {
		p.add(pos(n), "", "ship "+s.Ship+" has no fate:", "fate: is one of "+strings.Join(reportedFates, ", "))
		return s, false
	}
	if s.Fate, ok = p.name(e.val, "fate", "destroyed"); !ok {
		return s, false
	}
	s.Fate = strings.ToLower(s.Fate)
	if !slices.Contains(reportedFates, s.Fate) {
		p.add(pos(e.val), "", fmt.Sprintf("fate %q is not one pbemd knows", s.Fate), suggest(s.Fate, reportedFates, "fates")+" (a ship not named came through intact)")
		return s, false
	}
	good := true
	need := func(key, fate, hint string) *yaml.Node {
		e, ok := f[key]
		switch {
		case ok && s.Fate != fate:
			p.add(pos(e.key), "", fmt.Sprintf("%s: goes only with fate: %s", key, fate), "remove it")
			good = false
		case !ok && s.Fate == fate:
			p.add(pos(n), "", fmt.Sprintf("a %s ship needs %s:", fate, key), hint)
			good = false
		case ok:
			return e.val
		}
		return nil
	}
	if v := need("damage", "crippled", "damage: 12, the damage points it took"); v != nil {
		if d, ok := p.number(v, "damage", "damage: 12"); ok && d > 0 {
			s.Damage = d
		} else if ok {
			p.add(pos(v), "", fmt.Sprintf("damage %d must be more than 0", d), "damage: 12")
			good = false
		}
	}
	if v := need("by", "captured", "by: vorn#1, the ship that took it"); v != nil {
		if s.By, ok = p.name(v, "by", "vorn#1"); ok && !isShipRef(s.By) {
			p.add(pos(v), "", fmt.Sprintf("by %q is not a ship as the battle report names it", s.By), "write the captor's ship, e.g. vorn#1")
			good = false
		}
	}
	if v := need("direction", "disengaged", "direction: ferrum, the system it withdrew to"); v != nil {
		d, ok := p.name(v, "direction", "ferrum")
		s.Direction = campaign.SystemID(d)
		good = good && ok
	}
	return s, good
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
