package dev.schemaop.benchmarks.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** A bar chart of c/a and c/b per workload, parallelism and behavior . */
final class RatioChart {
    private RatioChart() {}

    static void save(Path png, List<Ratio> ratios) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CategoryChart chart =
                new CategoryChartBuilder()
                        .width(1200)
                        .height(500)
                        .title("flink-schema-operator (c) against bare (a) and Apache Flink CDC 3.5.0 (b): rows/s ratios")
                        .xAxisTitle("workload, parallelism, behavior")
                        .yAxisTitle("ratio")
                        .build();
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setXAxisLabelRotation(45);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        List<String> labels = ratios.stream().map(Ratio::label).toList();
        chart.addSeries("c/a", labels, ratios.stream().map(r -> positive(r.cOverA())).toList());
        chart.addSeries("c/a'", labels, ratios.stream().map(r -> positive(r.cOverKeyedA())).toList());
        chart.addSeries("c/b", labels, ratios.stream().map(r -> positive(r.cOverB())).toList());
        BitmapEncoder.saveBitmap(chart, png.toString().replaceAll("\\.png$", ""), BitmapEncoder.BitmapFormat.PNG);
    }

    /** A missing ratio is drawn as no bar. */
    private static Double positive(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? 0.0 : Math.round(value * 100) / 100.0;
    }
}
