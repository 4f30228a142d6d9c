/**
 * The analytics as a bar chart (chart.js). Only the lazily loaded analytics page imports this file,
 * so chart.js stays in that page's chunk. Chart.js sizes its canvas through the CSSOM
 * (`canvas.style.…`), never a <style> element, so it runs under the app's strict CSP.
 */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { dayLabel, type GymAnalytics } from './analytics-model.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

type BarChart = Chart<'bar', number[], string>;

/** A design token of the page (tokens.css), for the canvas, which cannot read CSS itself. */
function token(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

function chartData(analytics: GymAnalytics) {
  return {
    labels: analytics.days.map((d) => dayLabel(d.date)),
    checkIns: analytics.days.map((d) => d.checkIns),
    dayPassSales: analytics.days.map((d) => d.dayPassSales),
  };
}

/** `summary` is the canvas's accessible name; the page lists the same figures in a table. */
export function AnalyticsChart({ analytics, summary }: { analytics: GymAnalytics; summary: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<BarChart | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const text = token(canvas, '--muted', '#a8abb4');
    const grid = token(canvas, '--border', '#2f343e');
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const chart: BarChart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: [],
        datasets: [
          { label: 'Check-ins', data: [], backgroundColor: token(canvas, '--accent', '#e63946') },
          { label: 'Day passes sold', data: [], backgroundColor: token(canvas, '--focus', '#ffd166') },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : undefined,
        color: text,
        scales: {
          x: { ticks: { color: text, maxRotation: 60, autoSkip: true }, grid: { color: grid } },
          y: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
        },
        plugins: { legend: { labels: { color: text } } },
      },
    });
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      chart.destroy();
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const { labels, checkIns, dayPassSales } = chartData(analytics);
    chart.data.labels = labels;
    chart.data.datasets[0].data = checkIns;
    chart.data.datasets[1].data = dayPassSales;
    chart.update();
  }, [analytics]);

  return (
    <div className="analytics-chart">
      <canvas ref={canvasRef} role="img" aria-label={summary}>
        {summary}
      </canvas>
    </div>
  );
}
