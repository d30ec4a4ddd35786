package report

import (
	"image"
	"math"

	"github.com/pbemd/pbemd/campaign"
)

// pt is a point in picture coordinates.
type pt struct{ x, y float32 }

// mapLayout places the map in the picture: the coordinate extent, or the
// part of it a phone's picture shows, is scaled to fit the frame,
// whatever its range, and markers shrink as systems crowd. Its sizes are
// in the picture's pixels, s of them to a unit of the design.
type mapLayout struct {
	w, h   int
	s      float32
	frame  image.Rectangle
	legend image.Rectangle
	// legendCols is how many columns the legend's rows fill.
	legendCols int
	pos        []pt
	// in says which systems the frame shows: all but those a phone's
	// picture of part of the map leaves out.
	in        []bool
	r         float32
	labelAll  bool
	labelSize float64
	// overview is the box of the small outline of the whole map a phone's
	// picture of part of it has below the legend, and view the part, in
	// the outline's pixels; empty for none. outline places systems in it.
	overview, view image.Rectangle
	outline        outlineScale
}

// layoutRoom is what a layout makes room for beside the map: the lines
// of the legend, and the most columns of holdings left of a system.
type layoutRoom struct{ rows, glyphCols int }

// glyphReach is how far left of a system's centre its marker and cols
// columns of holdings reach at most, in units: the largest marker with
// an FRD's frame or an owner's ring, and glyphs as large as it makes them.
func glyphReach(cols int) int { return int(math.Ceil(15.5 + 15.6*float64(cols))) }

// newMapLayout lays out the wide picture: the whole map, with the legend
// beside it.
func newMapLayout(systems []campaign.System, room layoutRoom) mapLayout {
	n := len(systems)
	l := mapLayout{s: 1, labelAll: n <= mapLabelAll, labelSize: 12, legendCols: 1, in: all(n)}
	switch {
	case n > mapLabelAll:
		l.labelSize = 10
	case n > 60:
		l.labelSize = 11
	}
	insetX, insetY := 20, 20
	if l.labelAll {
		insetX, insetY = 48, 40
	}
	left := max(insetX, glyphReach(room.glyphCols))
	minX, minY, spanX, spanY := extent(systems)
	maxW := MapMaxWidth - 2*mapPad - mapGap - mapLegendW
	maxH := MapMaxHeight - mapTitleH - mapPad
	scale := fitScale(spanX, spanY, float64(maxW-insetX-left), float64(maxH-2*insetY))
	legendH := mapLegendHead + room.rows*mapLegendRow + 8
	fw := clampInt(int(math.Ceil(spanX*scale))+insetX+left, MapMinWidth-2*mapPad-mapGap-mapLegendW, maxW)
	fh := clampInt(int(math.Ceil(spanY*scale))+2*insetY, legendH, maxH)
	l.frame = image.Rect(mapPad, mapTitleH, mapPad+fw, mapTitleH+fh)
	l.legend = image.Rect(l.frame.Max.X+mapGap, mapTitleH, l.frame.Max.X+mapGap+mapLegendW, mapTitleH+legendH)
	l.w, l.h = l.legend.Max.X+mapPad, max(l.frame.Max.Y, l.legend.Max.Y)+mapPad
	content := l.frame.Inset(min(insetX, insetY))
	content.Min.X += left - insetX
	l.r = markerRadius(content, n, 1)
	ox := float64(l.frame.Min.X+left-insetX) + (float64(fw-left+insetX)-spanX*scale)/2
	oy := float64(l.frame.Min.Y) + (float64(fh)-spanY*scale)/2
	l.pos = make([]pt, n)
	for i, s := range systems {
		l.pos[i] = pt{float32(ox + (float64(s.X)-minX)*scale), float32(oy + (float64(s.Y)-minY)*scale)}
	}
	l.spread(content)
	return l
}

// all is n trues.
func all(n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	return out
}

// markerRadius is the radius of a system's marker: a fifth of the room
// each of n systems has in box, within bounds, s pixels to the unit.
func markerRadius(box image.Rectangle, n int, s float32) float32 {
	cell := math.Sqrt(float64(box.Dx()*box.Dy()) / float64(max(n, 1)))
	return float32(min(max(cell*0.2, 2.5*float64(s)), 9*float64(s)))
}

// extent returns the least coordinates and the spans of the systems, in
// floating point so that no coordinate can overflow.
func extent(systems []campaign.System) (minX, minY, spanX, spanY float64) {
	if len(systems) == 0 {
		return 0, 0, 0, 0
	}
	minX, minY = math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, s := range systems {
		x, y := float64(s.X), float64(s.Y)
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	return minX, minY, maxX - minX, maxY - minY
}

// fitScale returns the pixels per map unit that fit the spans in w by h; a
// zero span leaves its axis free, and a point map gets 0 (centred).
func fitScale(spanX, spanY, w, h float64) float64 {
	switch {
	case spanX > 0 && spanY > 0:
		return min(w/spanX, h/spanY)
	case spanX > 0:
		return w / spanX
	case spanY > 0:
		return h / spanY
	}
	return 0
}

func clampInt(v, lo, hi int) int { return max(lo, min(v, hi)) }

// spread moves systems apart until no two markers overlap: a system that
// lands within a marker's width of one already placed walks out along a
// golden-angle spiral to the first free spot, so overlapping or crowded
// coordinates stay readable. Every system stays inside box.
func (l *mapLayout) spread(box image.Rectangle) {
	gap := float32(2*l.r + 2)
	g := newSpreadGrid(box, gap, len(l.pos))
	clampPt := func(p pt) pt {
		return pt{min(max(p.x, float32(box.Min.X)), float32(box.Max.X)), min(max(p.y, float32(box.Min.Y)), float32(box.Max.Y))}
	}
	for i, p := range l.pos {
		at := clampPt(p)
		for k := 1; k <= maxSpreadSteps && !g.free(at); k++ {
			rad := 0.9 * float64(gap) * math.Sqrt(float64(k))
			a := float64(k) * 2.39996 // the golden angle
			at = clampPt(pt{p.x + float32(rad*math.Cos(a)), p.y + float32(rad*math.Sin(a))})
		}
		l.pos[i] = at
		g.add(at)
	}
}

// maxSpreadSteps bounds the search for a free spot; a map too crowded for
// that keeps its last try, overlapping.
const maxSpreadSteps = 64

// spreadGrid holds the points placed so far in square cells a gap wide, so
// that a point is tested only against those in its own and the eight
// neighbouring cells. Each cell is a list threaded through next, newest
// first.
type spreadGrid struct {
	gap            float32
	x0, y0, nx, ny int
	head, next     []int32
	pts            []pt
}

func newSpreadGrid(box image.Rectangle, gap float32, n int) *spreadGrid {
	g := &spreadGrid{gap: gap, pts: make([]pt, 0, n), next: make([]int32, 0, n)}
	lo, hi := g.cell(pt{float32(box.Min.X), float32(box.Min.Y)}), g.cell(pt{float32(box.Max.X), float32(box.Max.Y)})
	g.x0, g.y0 = lo[0], lo[1]
	g.nx, g.ny = hi[0]-lo[0]+1, hi[1]-lo[1]+1
	g.head = make([]int32, g.nx*g.ny)
	for i := range g.head {
		g.head[i] = -1
	}
	return g
}

// cell is the cell a point falls in.
func (g *spreadGrid) cell(p pt) [2]int {
	return [2]int{int(math.Floor(float64(p.x / g.gap))), int(math.Floor(float64(p.y / g.gap)))}
}

// slot is the index of cell c in head, or -1 outside the grid. Points are
// clamped into the box, so only neighbours of its edge cells fall outside.
func (g *spreadGrid) slot(c [2]int) int {
	x, y := c[0]-g.x0, c[1]-g.y0
	if x < 0 || y < 0 || x >= g.nx || y >= g.ny {
		return -1
	}
	return y*g.nx + x
}

// free reports whether no point lies within a gap of p.
func (g *spreadGrid) free(p pt) bool {
	c := g.cell(p)
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			s := g.slot([2]int{c[0] + dx, c[1] + dy})
			if s < 0 {
				continue
			}
			for k := g.head[s]; k >= 0; k = g.next[k] {
				q := g.pts[k]
				if ddx, ddy := p.x-q.x, p.y-q.y; ddx*ddx+ddy*ddy < g.gap*g.gap {
					return false
				}
			}
		}
	}
	return true
}

// add places p in its cell.
func (g *spreadGrid) add(p pt) {
	s := g.slot(g.cell(p))
	g.pts = append(g.pts, p)
	g.next = append(g.next, -1)
	if s >= 0 {
		k := int32(len(g.pts) - 1)
		g.next[k], g.head[s] = g.head[s], k
	}
}
