package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ReplaceCapital gives a player who lost their capital a new one, with a
// new bank (UTD4.3235, UTD4.3236, UTD6.3843), and a capital that lost its
// repair freighter a new one (UTD4.3237).
type ReplaceCapital struct {
	// At is where the new capital stands: one of the player's developed
	// colonies. Designate makes the player's size class 2 shipyard there
	// the capital instead of building one.
	At        campaign.SystemID `json:"at,omitempty"`
	Designate bool              `json:"designate,omitempty"`
	// Freighter is the class of repair freighter bought for the capital.
	Freighter    campaign.ClassName `json:"freighter,omitempty"`
	AtPos        orders.Pos         `json:"at_pos"`
	FreighterPos orders.Pos         `json:"freighter_pos"`
}

// ReplacementCapital is the price of a new capital (UTD4.3235).
const ReplacementCapital = 600

// Name returns "replace_capital".
func (*ReplaceCapital) Name() string { return "replace_capital" }

// Example is a replace_capital order as players write it, for hints.
func (*ReplaceCapital) Example() string { return "- replace_capital: {at: s20}" }

// Fields are the keys a replace_capital order may hold.
func (*ReplaceCapital) Fields() []string { return []string{"at", "designate", "freighter"} }

func (*ReplaceCapital) parse(p *parser, f orders.Fields) Kind {
	r := &ReplaceCapital{}
	if n := f.Value("at"); n != nil {
		s, _ := p.Name(n, "at", "at: s20")
		r.At, r.AtPos = campaign.SystemID(s), orders.PosOf(n)
	}
	if n := f.Value("designate"); n != nil {
		r.Designate, _ = p.Bool(n, "designate")
	}
	if n := f.Value("freighter"); n != nil {
		s, _ := p.Name(n, "freighter", "freighter: repair-freighter")
		r.Freighter, r.FreighterPos = campaign.ClassName(s), orders.PosOf(n)
	}
	if r.At == "" && r.Freighter == "" {
		p.Add(orders.Pos{}, "UTD4.3235", "replace_capital needs at: (a new capital) or freighter: (a new repair freighter for the capital)",
			"for example replace_capital: {at: s20}")
	}
	return r
}

func (*ReplaceCapital) schema() object {
	return kindSchema("Replace a lost capital, for 1 order point: build one for 600 BPV at one of your developed colonies "+
		"(UTD4.3235), or designate your size class 2 shipyard there (designate: true, UTD6.3843); its bank opens at the end "+
		"of the turn. freighter: buys the capital a new repair freighter (UTD4.3237).",
		[]string{}, object{"at": sectorRef,
			"designate": object{"type": "boolean", "default": false, "description": "Make your size class 2 shipyard at that sector the capital (UTD6.3843)."},
			"freighter": object{"type": "string", "description": "A repair freighter class to buy for the capital (UTD4.3237)."}})
}

// YAML echoes the order as players write it.
func (r *ReplaceCapital) YAML() string {
	var parts []string
	if r.At != "" {
		parts = append(parts, fmt.Sprintf("at: %s, designate: %t", r.At, r.Designate))
	}
	if r.Freighter != "" {
		parts = append(parts, "freighter: "+string(r.Freighter))
	}
	return "replace_capital: {" + strings.Join(parts, ", ") + "}"
}

// apply replaces the capital (UTD4.3235, UTD6.3843) and its freighter
// (UTD4.3237) for 1 order point. A new capital stands at one of the
// player's developed colonies (§11 #24); built, it costs 600 BPV and
// opens at step 10 with its yard; designated, a size class 2 yard of the
// player's there becomes the capital at once if it stands already, else
// at step 10. What opens at step 10 is a Build, received as any
// construction however long the turn waits for its battles. A player
// never has two capitals (UTD4.3233). The freighter is a repair freighter
// class, bought at its BPV, arriving at step 10 at the capital; one at a
// time.
func (r *ReplaceCapital) apply(c *ctx) {
	cost := 0
	var yard *Yard
	if r.At != "" {
		if pending := c.x.capitalYard(c.player); c.emp.Capital != "" || pending != nil {
			where := c.emp.Capital
			if where == "" {
				where = pending.At
			}
			c.refuse(r.AtPos, "UTD4.3233", fmt.Sprintf("you have a capital at %s already, and a player never has two", where), "drop at:")
			return
		}
		if !c.ownColony(r.At) {
			c.refuse(r.AtPos, "UTD4.3235", fmt.Sprintf("%s holds no developed colony of yours; a new capital stands at one (reading)", orders.Quote(string(r.At))),
				"name one of your developed colonies")
			return
		}
		if r.Designate {
			i := c.x.sc2Yard(c.player, r.At)
			if i < 0 {
				c.refuse(r.AtPos, "UTD6.3843", fmt.Sprintf("you have no size class 2 shipyard at %s to designate", r.At),
					fmt.Sprintf("build one first (build_shipyard), or buy a new capital for %d BPV without designate", ReplacementCapital))
				return
			}
			yard = &c.x.Yards[i]
		} else {
			cost = ReplacementCapital
		}
	}
	if r.Freighter != "" {
		u := c.st.Catalogue.Class(r.Freighter)
		switch {
		case u == nil || !u.Has(campaign.RoleLargeRepair) && !u.Has(campaign.RoleSmallRepair):
			c.refuse(r.FreighterPos, "UTD4.3237", fmt.Sprintf("%s is not a repair freighter class", orders.Quote(string(r.Freighter))),
				"name a small or large repair freighter class")
			return
		case c.emp.Capital == "" && r.At == "":
			c.refuse(r.FreighterPos, "UTD4.3237", "you have no capital for the freighter to serve", "replace the capital first, with at:")
			return
		case c.x.hasCapitalFreighter(c.player):
			c.refuse(r.FreighterPos, "UTD4.3237", "your capital has its repair freighter", "drop freighter:")
			return
		}
		cost += u.EBPV
	}
	if whole(cost) > c.funds() {
		c.refuse(orders.Pos{}, "UTD4.3235", fmt.Sprintf("this costs %d BPV and you have %s", cost, c.funds()),
			"scrap ships for BPV first (UTD6.3F), or designate a size class 2 shipyard (UTD6.3843)")
		return
	}
	if !c.spend(1, "UTD4.3235") || cost > 0 && !c.pay(whole(cost), "UTD4.3235", "this") {
		return
	}
	where := c.emp.Capital
	var order *Build
	if yard != nil {
		order = c.x.yardOrder(yard)
	}
	switch {
	case yard != nil && order == nil:
		yard.Capital, c.emp.Capital, where = true, r.At, r.At
		c.say("%s made its shipyard at %s the capital, with a new bank (UTD6.3843, UTD4.3236)", c.player, r.At)
	case yard != nil:
		yard.Capital, where = true, r.At
		order.Yard = YardCapital // it opens as the capital at step 10 (receiveYard)
		c.say("%s made its new shipyard at %s the capital; it opens with its bank at the end of the turn (UTD6.3843)", c.player, r.At)
	case r.At != "":
		c.x.Yards = append(c.x.Yards, Yard{At: r.At, Owner: c.player, Capital: true, Size: 2, Boxes: c.x.yardSize(YardCapital).Boxes, Arrived: c.st.Turn})
		c.x.Builds = append(c.x.Builds, Build{Owner: c.player, At: r.At, Yard: YardCapital, BPV: whole(ReplacementCapital), Turn: c.st.Turn})
		where = r.At
		c.say("%s bought a new capital at %s; it opens with its bank at the end of the turn (UTD4.3235, UTD4.3236)", c.player, r.At)
	}
	if r.Freighter != "" {
		c.x.Defenses = append(c.x.Defenses, Defense{At: where, Owner: c.player, Class: r.Freighter, Capital: true, Waiting: true})
		c.say("%s bought a %s for its capital, arriving at the end of the turn (UTD4.3237)", c.player, r.Freighter)
	}
}

// offer offers a player without a capital a new one at their first
// developed colony, designating their size class 2 yard there when they
// have one (UTD4.3235, UTD6.3843); and a capital without its repair
// freighter the first repair freighter class (UTD4.3237): 1 point and
// the price.
func (r *ReplaceCapital) offer(o *offerer) {
	c := o.c
	if c.emp.Capital == "" && c.x.capitalYard(c.player) == nil {
		for _, d := range c.st.Developments {
			if d.Owner != c.player || d.Kind != campaign.Colony {
				continue
			}
			if c.x.sc2Yard(c.player, d.At) >= 0 {
				o.add(r, 1, 0, "your sc2 yard there becomes the capital, with a new bank (UTD6.3843, UTD4.3236)", (&ReplaceCapital{At: d.At, Designate: true}).YAML())
			} else {
				o.add(r, 1, whole(ReplacementCapital), "a new capital with its bank, opening at the end of the turn (UTD4.3235, UTD4.3236)", (&ReplaceCapital{At: d.At}).YAML())
			}
			break
		}
	}
	if c.emp.Capital == "" || c.x.hasCapitalFreighter(c.player) {
		return
	}
	for _, u := range c.st.Catalogue {
		if u.Has(campaign.RoleLargeRepair) || u.Has(campaign.RoleSmallRepair) {
			o.add(r, 1, whole(u.EBPV), "a repair freighter for your capital, arriving at the end of the turn (UTD4.3237)", (&ReplaceCapital{Freighter: u.Class}).YAML())
			return
		}
	}
}

// hasCapitalFreighter reports whether the player's capital has its
// supporting repair freighter (UTD4.3237).
func (x *Ext) hasCapitalFreighter(p campaign.PlayerID) bool {
	return slices.ContainsFunc(x.Defenses, func(d Defense) bool { return d.Owner == p && d.Capital })
}

// sc2Yard is the index into Ext.Yards of the player's first size class 2
// shipyard at a sector, which may be designated the capital (UTD6.3843),
// or -1.
func (x *Ext) sc2Yard(p campaign.PlayerID, at campaign.SystemID) int {
	return slices.IndexFunc(x.Yards, func(y Yard) bool { return y.Owner == p && y.At == at && y.Size == 2 })
}
