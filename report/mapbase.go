package report

import (
	"image"
	"image/draw"
	"slices"
	"sync"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// mapBase is what a picture shows beneath anything of its player's: the
// background, the frame and legend panels and the warp lanes, and a
// phone's outline of the whole map. Every player of a campaign gets the
// same, unless a phone's picture shows another part of the map, so it is
// painted once and copied into the pictures of the others (baseCache).
type mapBase struct {
	w, h                    int
	frame, legend, overview image.Rectangle
	// lane is the lanes' width, segs their segments (laneSegment), and
	// outline those of the outline of the whole map.
	lane          float32
	segs, outline [][2]pt
}

// base returns the model's base layer.
func (m *mapModel) base() *mapBase {
	b := &mapBase{w: m.lay.w, h: m.lay.h, frame: m.lay.frame, legend: m.lay.legend, overview: m.lay.overview,
		lane: min(1.6*m.lay.s, max(m.lay.s, m.lay.r/4))}
	for _, l := range m.src.Lanes {
		if seg, ok := m.laneSegment(l); ok {
			b.segs = append(b.segs, seg)
		}
	}
	if !m.lay.overview.Empty() {
		sys := make(map[campaign.SystemID]pt, len(m.src.Systems))
		for _, s := range m.src.Systems {
			sys[s.ID] = m.overviewAt(s)
		}
		for _, l := range m.src.Lanes {
			if a, ok := sys[l.A]; ok {
				if z, ok := sys[l.B]; ok {
					b.outline = append(b.outline, [2]pt{a, z})
				}
			}
		}
	}
	return b
}

// same reports whether b and o paint the same pixels.
func (b *mapBase) same(o *mapBase) bool {
	return b.w == o.w && b.h == o.h && b.frame == o.frame && b.legend == o.legend && b.overview == o.overview &&
		b.lane == o.lane && slices.Equal(b.segs, o.segs) && slices.Equal(b.outline, o.outline)
}

// paint paints the base layer over every pixel of p's picture. Each lane
// is drawn in its own box: one box round them all would cost the whole
// frame's area. Lanes to systems a phone's picture leaves out end at the
// frame.
func (b *mapBase) paint(p *painter) {
	draw.Draw(p.img, p.img.Bounds(), image.NewUniform(mapPalette.bg), image.Point{}, draw.Src) // every pixel
	p.panel(b.frame)
	p.panel(b.legend)
	p.clip = b.frame.Inset(1)
	for _, seg := range b.segs {
		p.lines([][2]pt{seg}, b.lane, mapPalette.lane)
	}
	p.clip = image.Rectangle{}
	if !b.overview.Empty() {
		p.panel(b.overview)
		for _, seg := range b.outline {
			p.lines([][2]pt{seg}, b.lane/2, mapPalette.lane)
		}
	}
}

// mapBases holds the base layers painted last, a few campaigns' worth:
// the reports of one turn are rendered together, and a daemon renders a
// few turns at once.
var mapBases baseCache

const (
	// baseLayers is how many base layers mapBases holds, each the size of
	// a picture (at most four megabytes).
	baseLayers = 4
	// baseKeep is how long mapBases keeps its layers once no map uses
	// them: long enough for the reports of a turn, short enough that an
	// idle daemon keeps no pictures.
	baseKeep = time.Second
)

// baseCache is a small cache of base layers, the latest first.
type baseCache struct {
	mu     sync.Mutex
	layers []baseLayer
	// idle drops the layers baseKeep after the last map.
	idle *time.Timer
}

// forget drops every layer.
func (c *baseCache) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.layers = nil
}

// keep puts off forget for baseKeep. The caller holds mu.
func (c *baseCache) keep() {
	if c.idle == nil {
		c.idle = time.AfterFunc(baseKeep, c.forget)
		return
	}
	c.idle.Reset(baseKeep)
}

// baseLayer is a base layer and its pixels.
type baseLayer struct {
	base *mapBase
	pix  []byte
}

// paint gives p's picture the pixels of base b: copied from a layer
// painted before, or painted and kept.
func (c *baseCache) paint(p *painter, b *mapBase) {
	c.mu.Lock()
	c.keep()
	for i, l := range c.layers {
		if l.base.same(b) {
			copy(p.img.Pix, l.pix)
			c.layers = slices.Insert(slices.Delete(c.layers, i, i+1), 0, l)
			c.mu.Unlock()
			return
		}
	}
	c.mu.Unlock()
	b.paint(p)
	l := baseLayer{base: b, pix: slices.Clone(p.img.Pix)}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.layers = slices.Insert(c.layers, 0, l)
	if len(c.layers) > baseLayers {
		c.layers = slices.Delete(c.layers, baseLayers, len(c.layers))
	}
}
