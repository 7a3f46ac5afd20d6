package dev.schemaop.benchmarks.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The ratios as bar charts, one above the other: c against the bare pipelines (around 1) and c
 * against Apache Flink CDC (tens to hundreds), which on one axis would flatten the first.
 */
final class RatioChart {
    private RatioChart() {}

    static void save(Path png, List<Ratio> ratios) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CategoryChart bare =
                chart(
                        "flink-schema-operator (c) against bare (a) and bare with the keyed exchange (a'): rows/s");
        bare.addSeries("c/a", labels(ratios), values(ratios, Ratio::cOverA));
        bare.addSeries("c/a'", labels(ratios), values(ratios, Ratio::cOverKeyedA));
        CategoryChart flinkCdc =
                chart("flink-schema-operator (c) against Apache Flink CDC 3.5.0 (b): rows/s");
        flinkCdc.addSeries("c/b", labels(ratios), values(ratios, Ratio::cOverB));
        BitmapEncoder.saveBitmap(
                List.of(bare, flinkCdc),
                2,
                1,
                png.toString().replaceAll("\\.png$", ""),
                BitmapEncoder.BitmapFormat.PNG);
    }

    private static CategoryChart chart(String title) {
        CategoryChart chart =
                new CategoryChartBuilder()
                        .width(1200)
                        .height(420)
                        .title(title)
                        .xAxisTitle("workload, parallelism, behavior")
                        .yAxisTitle("ratio")
                        .build();
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setXAxisLabelRotation(30);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        return chart;
    }

    private static List<String> labels(List<Ratio> ratios) {
        return ratios.stream().map(Ratio::label).toList();
    }

    /** A missing ratio is drawn as no bar. */
    private static List<Double> values(List<Ratio> ratios, ToDoubleFunction<Ratio> ratio) {
        return ratios.stream()
                .map(
                        r -> {
                            double value = ratio.applyAsDouble(r);
                            return Double.isNaN(value) || Double.isInfinite(value)
                                    ? 0.0
                                    : Math.round(value * 100) / 100.0;
                        })
                .toList();
    }
}
