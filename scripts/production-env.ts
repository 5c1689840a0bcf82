/**
 * Imported first by a benchmark, before React and the renderer load: they read NODE_ENV when
 * they load (and a PDF worker takes the environment it starts with), so the benchmark times the
 * production build the site runs, unless NODE_ENV was set otherwise.
 */
process.env.NODE_ENV ??= "production";
