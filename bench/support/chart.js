// The growth chart: one small log-log panel per kind of work, a line per figure, drawn with Vega-Lite
// into a standalone SVG. On log-log axes a line that rises one decade per decade of work grows
// linearly with it; a flatter line grows slower than the work.
import { compile } from "vega-lite";
import { parse, View } from "vega";

/** The rows of a bench run that carry a `growth` point, as flat chart data. */
export function growthPoints(results) {
  return results
    .filter((row) => row.growth && typeof row.value === "number" && Number.isFinite(row.value))
    .map((row) => ({ ...row.growth, value: Math.max(row.value, 0.01), unit: row.unit }));
}

function panel(title, points) {
  const { sizeUnit, unit } = points[0];
  return {
    title,
    width: 260,
    height: 170,
    data: { values: points },
    mark: { type: "line", point: true },
    encoding: {
      x: { field: "size", type: "quantitative", scale: { type: "log" }, title: sizeUnit, axis: { format: "~s" } },
      y: { field: "value", type: "quantitative", scale: { type: "log" }, title: unit },
      color: { field: "series", type: "nominal", title: null },
      tooltip: [{ field: "series" }, { field: "size" }, { field: "value", format: ".2f" }],
    },
  };
}

/** An SVG document charting `points` (from growthPoints), or undefined when there are none. */
export async function growthChartSvg(points, subtitle) {
  if (points.length === 0) return undefined;
  const panels = [...new Set(points.map((point) => point.panel))].map((title) =>
    panel(
      title,
      points.filter((point) => point.panel === title),
    ),
  );
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: { text: "How cost grows with the work (log-log)", subtitle },
    config: { font: "sans-serif", legend: { orient: "bottom", direction: "vertical" } },
    concat: panels,
    columns: 3,
    resolve: { scale: { color: "independent" } },
  };
  const view = new View(parse(compile(spec).spec), { renderer: "none" });
  return view.toSVG();
}

/** Per series, the largest cost ratio between two neighbouring sizes, divided by their work ratio. */
export function steepestSteps(points) {
  const bySeries = new Map();
  for (const point of points) {
    const key = `${point.panel}: ${point.series}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), point]);
  }
  const steps = [];
  for (const [series, list] of bySeries) {
    const sorted = list.toSorted((a, b) => a.size - b.size);
    for (let i = 1; i < sorted.length; i += 1) {
      const [from, to] = [sorted[i - 1], sorted[i]];
      const costRatio = to.value / from.value;
      const workRatio = to.size / from.size;
      steps.push({ series, from: from.size, to: to.size, costRatio, workRatio, relative: costRatio / workRatio });
    }
  }
  return steps.toSorted((a, b) => b.relative - a.relative);
}
