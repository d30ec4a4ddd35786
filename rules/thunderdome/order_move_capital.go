package thunderdome

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// MoveCapital moves the player's capital, with its bank and its large
// repair freighter, along one lane (UTD6.32–6.325).
type MoveCapital struct {
	To           campaign.SystemID `json:"to"`
	WithDefenses bool              `json:"with_defenses,omitempty"`
	ToPos        orders.Pos        `json:"to_pos"`
}

// capitalMove and capitalDefenses are the order points of a capital's
// move, and the extra point for its defenses (UTD6.32, UTD6.325).
const (
	capitalMove     = 3
	capitalDefenses = 1
)

// Name returns "move_capital".
func (*MoveCapital) Name() string { return "move_capital" }

// Example is a move_capital order as players write it, for hints.
func (*MoveCapital) Example() string { return "- move_capital: {to: kessel, with_defenses: false}" }

// Fields are the keys a move_capital order may hold.
func (*MoveCapital) Fields() []string { return []string{"to", "with_defenses"} }

func (*MoveCapital) parse(p *parser, f orders.Fields) Kind {
	m := &MoveCapital{}
	var to string
	to, m.ToPos = p.name(f, "to", "to: kessel")
	m.To = campaign.SystemID(to)
	if n := f.Value("with_defenses"); n != nil {
		m.WithDefenses, _ = p.Bool(n, "with_defenses")
	}
	return m
}

func (*MoveCapital) schema() object {
	return kindSchema("Move your capital, its bank and its large repair freighter along one lane (UTD6.32, UTD6.324), "+
		"once per cycle, for 3 order points, never free; 4 with its defenses (UTD6.325).",
		[]string{"to"}, object{"to": sectorRef, "with_defenses": object{"type": "boolean", "default": false,
			"description": "Move the capital's defenses with it, for 1 more order point (UTD6.325)."}})
}

// YAML echoes the order as players write it.
func (m *MoveCapital) YAML() string {
	return fmt.Sprintf("move_capital: {to: %s, with_defenses: %t}", m.To, m.WithDefenses)
}

// apply moves the capital one lane (UTD6.32): once per cycle (UTD6.322),
// for 3 points, never free (UTD6.321), 4 with its defenses (UTD6.325),
// not into an unknown sector (reading: only a fleet explores, UTD5.11).
// The capital is no fleet: enemy fleets and fortifications neither stop
// nor trap it (reading of UTD6.31, UTD4.355, UTD4.356).
func (m *MoveCapital) apply(c *ctx) {
	from := c.emp.Capital
	cost := capitalMove
	if m.WithDefenses {
		cost += capitalDefenses
	}
	s := c.x.sector(m.To)
	switch {
	case from == "":
		c.refuse(orders.Pos{}, "UTD4.3235", "you have no capital to move", "drop the order")
	case c.emp.CapitalMoved == c.x.Cycle:
		c.refuse(orders.Pos{}, "UTD6.322", fmt.Sprintf("your capital already moved in cycle %s; it moves once per cycle", CycleLabel(c.x.Cycle)),
			"move it again on your turn of the next cycle")
	case !c.g.Has(m.To) || !c.g.Adjacent(from, m.To):
		c.refuse(m.ToPos, "UTD6.32", fmt.Sprintf("no warp lane joins %s, where your capital is, and %s", from, orders.Quote(string(m.To))),
			fmt.Sprintf("the capital moves one lane; from %s, lanes lead to %s", from, listOr(names(c.g.Neighbours(from)), "nowhere")))
	case s == nil || s.Type == Unknown:
		c.refuse(m.ToPos, "UTD5.11", fmt.Sprintf("%s is not explored yet; only a fleet may enter an unknown sector and explore it", m.To),
			"explore it with a fleet first")
	case m.WithDefenses && !c.defensesFit(from, m.To, m.ToPos):
	default:
		if !c.spend(cost, "UTD6.32") {
			return
		}
		c.emp.Capital, c.emp.CapitalMoved = m.To, c.x.Cycle
		c.x.moveCapitalYard(c.player, m.To) // UTD6.372: the capital's yard is the capital's
		c.say("%s's capital moved from %s to %s with its bank and its large repair freighter (UTD6.32, UTD6.324)", c.player, from, m.To)
		c.moveCapitalDefenses(from, m.To, m.WithDefenses)
	}
}

// offer offers the capital a move along its first lane to an explored
// sector, naming the others, once per cycle (UTD6.32): 3 points, never
// free, and 4 with its defenses where they fit (UTD6.325).
func (m *MoveCapital) offer(o *offerer) {
	c := o.c
	from := c.emp.Capital
	if from == "" || c.emp.CapitalMoved == c.x.Cycle {
		return
	}
	var to []campaign.SystemID
	for _, s := range c.g.Neighbours(from) {
		if sec := c.x.sector(s); sec != nil && sec.Type != Unknown {
			to = append(to, s)
		}
	}
	if len(to) == 0 {
		return
	}
	note := "once per cycle, with its bank and repair freighter (UTD6.32, UTD6.324)"
	if len(to) > 1 {
		note += "; explored sectors next to it: " + strings.Join(names(to[1:]), ", ")
	}
	o.add(m, capitalMove, 0, note, (&MoveCapital{To: to[0]}).YAML())
	if len(c.capitalDefenses(from, true)) > len(c.capitalDefenses(from, false)) &&
		o.fits(func() bool { return c.defensesFit(from, to[0], orders.Pos{}) }) {
		o.add(m, capitalMove+capitalDefenses, 0, "with its defenses, 1 point more (UTD6.325)", (&MoveCapital{To: to[0], WithDefenses: true}).YAML())
	}
}
