package report

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/pbemd/pbemd/campaign"
)

// Unit shapes, centred on the origin with half-size 1, clockwise on screen.
var (
	shapeSquare   = []pt{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	shapeDiamond  = []pt{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	shapeTriangle = []pt{{0, -1}, {1, 0.8}, {-1, 0.8}}
	shapeHouse    = []pt{{0, -1}, {1, -0.15}, {0.8, -0.15}, {0.8, 1}, {-0.8, 1}, {-0.8, -0.15}, {-1, -0.15}}
	shapeStar     = star(5, 0.45)
	shapeHexagon  = star(3, 1) // six corners, every other one as far out
)

// star is the shape of a star of n points whose inner corners are at
// inner of the outer ones' distance, one point up.
func star(n int, inner float64) []pt {
	out := make([]pt, 0, 2*n)
	for k := range 2 * n {
		a := math.Pi * (float64(k)/float64(n) - 0.5)
		d := 1.0
		if k%2 == 1 {
			d = inner
		}
		out = append(out, pt{float32(d * math.Cos(a)), float32(d * math.Sin(a))})
	}
	return out
}

// painter draws anti-aliased shapes and text. Each shape is rasterised in
// its own bounding box, so a picture costs what it shows, not its area
// times its shapes.
type painter struct {
	img *image.RGBA
	// clip, when not empty, is the only part of img painted.
	clip   image.Rectangle
	z      vector.Rasterizer
	stamps map[roundKey]*image.Alpha
	inks   map[color.NRGBA]*image.Uniform
}

// uniform returns a source of colour col. A map paints thousands of
// shapes in a few dozen colours, so each is made once per picture.
func (p *painter) uniform(col color.NRGBA) *image.Uniform {
	u := p.inks[col]
	if u == nil {
		u = image.NewUniform(col)
		if p.inks == nil {
			p.inks = map[color.NRGBA]*image.Uniform{}
		}
		p.inks[col] = u
	}
	return u
}

// fill rasterises the path drawn by path inside the box lo–hi and paints
// it in col. path gets the offset to subtract from picture coordinates.
func (p *painter) fill(col color.NRGBA, lo, hi pt, path func(z *vector.Rasterizer, o pt)) {
	r := p.clipped(image.Rect(int(math.Floor(float64(lo.x)))-1, int(math.Floor(float64(lo.y)))-1,
		int(math.Ceil(float64(hi.x)))+1, int(math.Ceil(float64(hi.y)))+1))
	if r.Empty() || col.A == 0 {
		return
	}
	p.z.Reset(r.Dx(), r.Dy())
	path(&p.z, pt{float32(r.Min.X), float32(r.Min.Y)})
	p.z.Draw(p.img, r, p.uniform(col), image.Point{})
}

// clipped is the part of r the painter may paint.
func (p *painter) clipped(r image.Rectangle) image.Rectangle {
	r = r.Intersect(p.img.Bounds())
	if !p.clip.Empty() {
		r = r.Intersect(p.clip)
	}
	return r
}

// circle adds a circle to z: clockwise, or anticlockwise to cut a hole.
func circle(z *vector.Rasterizer, c pt, r float32, hole bool) {
	const k = 0.5522848 // control distance of a quarter circle
	dirs := [5]pt{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 0}}
	if hole {
		dirs = [5]pt{{1, 0}, {0, -1}, {-1, 0}, {0, 1}, {1, 0}}
	}
	z.MoveTo(c.x+r, c.y)
	for i := range 4 {
		u, w := dirs[i], dirs[i+1]
		z.CubeTo(c.x+r*(u.x+k*w.x), c.y+r*(u.y+k*w.y), c.x+r*(w.x+k*u.x), c.y+r*(w.y+k*u.y), c.x+r*w.x, c.y+r*w.y)
	}
	z.ClosePath()
}

// disc draws a disc of radius r.
func (p *painter) disc(c pt, r float32, col color.NRGBA) { p.round(c, r, 0, col) }

// ring draws a circle of radius r, w wide.
func (p *painter) ring(c pt, r, w float32, col color.NRGBA) { p.round(c, r, w, col) }

// roundKey names a rasterised disc or ring: its radius, its width (0 for
// a disc) and its centre's offset within a pixel, in quarters.
type roundKey struct {
	r, w   float32
	fx, fy int
}

// round draws a disc (w = 0) or a ring centred at c, snapped to a quarter
// pixel. A map draws the same few markers thousands of times, so each is
// rasterised once per picture and then stamped.
func (p *painter) round(c pt, r, w float32, col color.NRGBA) {
	if col.A == 0 || r <= 0 {
		return
	}
	qx, qy := int(math.Floor(float64(c.x)*4)), int(math.Floor(float64(c.y)*4))
	k := roundKey{r: r, w: w, fx: qx & 3, fy: qy & 3}
	mask := p.stamps[k]
	if mask == nil {
		mask = p.rasterRound(k)
		if p.stamps == nil {
			p.stamps = map[roundKey]*image.Alpha{}
		}
		p.stamps[k] = mask
	}
	half := mask.Rect.Dx() / 2
	at := mask.Rect.Add(image.Pt(qx>>2-half, qy>>2-half))
	dst := p.clipped(at)
	draw.DrawMask(p.img, dst, p.uniform(col), image.Point{}, mask, dst.Min.Sub(at.Min), draw.Over)
}

// rasterRound rasterises the disc or ring of k into a square mask whose
// middle pixel's top-left corner is the centre, offset by k's quarters.
func (p *painter) rasterRound(k roundKey) *image.Alpha {
	out := k.r + k.w/2
	half := int(math.Ceil(float64(out))) + 1
	mask := image.NewAlpha(image.Rect(0, 0, 2*half+1, 2*half+1))
	c := pt{float32(half) + float32(k.fx)/4, float32(half) + float32(k.fy)/4}
	p.z.Reset(mask.Rect.Dx(), mask.Rect.Dy())
	p.z.DrawOp = draw.Src
	circle(&p.z, c, out, false)
	if k.w > 0 {
		circle(&p.z, c, max(k.r-k.w/2, 0), true)
	}
	p.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	return mask
}

// polygon adds shape, scaled by s about c, to z; reversed to cut a hole.
func polygon(z *vector.Rasterizer, shape []pt, c pt, s float32, hole bool) {
	n := len(shape)
	at := func(i int) pt {
		if hole {
			i = (n - i) % n
		}
		return pt{c.x + s*shape[i].x, c.y + s*shape[i].y}
	}
	z.MoveTo(at(0).x, at(0).y)
	for i := 1; i < n; i++ {
		z.LineTo(at(i).x, at(i).y)
	}
	z.ClosePath()
}

// poly fills shape scaled by s about c.
func (p *painter) poly(shape []pt, c pt, s float32, col color.NRGBA) {
	p.fill(col, pt{c.x - s, c.y - s}, pt{c.x + s, c.y + s}, func(z *vector.Rasterizer, o pt) {
		polygon(z, shape, pt{c.x - o.x, c.y - o.y}, s, false)
	})
}

// outline draws the outline of shape scaled by s about c, about w wide.
func (p *painter) outline(shape []pt, c pt, s, w float32, col color.NRGBA) {
	out, in := s+w/2, max(s-w/2, 0)
	p.fill(col, pt{c.x - out, c.y - out}, pt{c.x + out, c.y + out}, func(z *vector.Rasterizer, o pt) {
		polygon(z, shape, pt{c.x - o.x, c.y - o.y}, out, false)
		polygon(z, shape, pt{c.x - o.x, c.y - o.y}, in, true)
	})
}

// lines strokes the segments w wide in one pass. Every segment's quad
// winds the same way, so crossings add up instead of cancelling.
func (p *painter) lines(segs [][2]pt, w float32, col color.NRGBA) {
	if len(segs) == 0 {
		return
	}
	lo, hi := segs[0][0], segs[0][0]
	for _, s := range segs {
		for _, q := range s {
			lo, hi = pt{min(lo.x, q.x), min(lo.y, q.y)}, pt{max(hi.x, q.x), max(hi.y, q.y)}
		}
	}
	h := w / 2
	p.fill(col, pt{lo.x - h, lo.y - h}, pt{hi.x + h, hi.y + h}, func(z *vector.Rasterizer, o pt) {
		for _, s := range segs {
			a, b := s[0], s[1]
			dx, dy := b.x-a.x, b.y-a.y
			d := float32(math.Hypot(float64(dx), float64(dy)))
			if d < 0.01 {
				continue
			}
			nx, ny := -dy/d*h, dx/d*h
			z.MoveTo(a.x-o.x+nx, a.y-o.y+ny)
			z.LineTo(b.x-o.x+nx, b.y-o.y+ny)
			z.LineTo(b.x-o.x-nx, b.y-o.y-ny)
			z.LineTo(a.x-o.x-nx, a.y-o.y-ny)
			z.ClosePath()
		}
	})
}

// planet draws a system's planet: a disc in its type's colour
// with a small feature, a featureless blue disc for an unexplored unknown
// planet, and a grey outline where the player never looked.
func (p *painter) planet(c pt, r float32, kind campaign.PlanetType, alpha uint8) {
	pal := mapPalette
	switch kind {
	case "":
		p.ring(c, r-0.75, 1.5, fade(pal.never, alpha))
		return
	case campaign.Unknown:
		p.disc(c, r, fade(pal.unknown, alpha))
		return
	case campaign.Life:
		p.disc(c, r, fade(pal.life, alpha))
	case campaign.Mineral:
		p.disc(c, r, fade(pal.mineral, alpha))
	case campaign.Dead:
		p.disc(c, r, fade(pal.dead, alpha))
	default:
		p.disc(c, r, fade(pal.never, alpha))
	}
	if r >= 4 {
		p.feature(c, r, kind, alpha)
	}
}

// feature draws what sets a known planet apart from an unknown one: an ice
// cap on a life planet, ore on a mineral one, a crater on a dead one.
func (p *painter) feature(c pt, r float32, kind campaign.PlanetType, alpha uint8) {
	pal := mapPalette
	switch kind {
	case campaign.Life:
		p.disc(pt{c.x - r*0.3, c.y - r*0.35}, r*0.38, fade(pal.lifeCap, alpha))
	case campaign.Mineral:
		p.disc(pt{c.x - r*0.3, c.y + r*0.2}, r*0.22, fade(pal.ore, alpha))
		p.disc(pt{c.x + r*0.35, c.y - r*0.25}, r*0.18, fade(pal.ore, alpha))
	case campaign.Dead:
		p.ring(pt{c.x + r*0.2, c.y + r*0.15}, r*0.35, max(1, r*0.15), fade(pal.crater, alpha))
	}
}

// panel fills r with the panel colour and frames it with a line one pixel
// wide, each pixel painted once.
func (p *painter) panel(r image.Rectangle) {
	for _, edge := range [...]image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+1)}, {image.Pt(r.Min.X, r.Max.Y-1), r.Max},
		{r.Min, image.Pt(r.Min.X+1, r.Max.Y)}, {image.Pt(r.Max.X-1, r.Min.Y), r.Max},
	} {
		draw.Draw(p.img, edge.Intersect(r), p.uniform(mapPalette.border), image.Point{}, draw.Src)
	}
	draw.Draw(p.img, r.Inset(1), p.uniform(mapPalette.panel), image.Point{}, draw.Src)
}

// text draws s with its baseline starting at dot.
func (p *painter) text(face font.Face, s string, dot image.Point, col color.NRGBA) {
	d := font.Drawer{Dst: p.img, Src: p.uniform(col), Face: face, Dot: fixed.P(dot.X, dot.Y)}
	d.DrawString(s)
}
