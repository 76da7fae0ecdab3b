/**
 * Paying for fewer labels: which task should get its next answer (the expected gain in the
 * consensus's correctness from the next answers) and from whom, when a task is settled (a stopping
 * rule whose posteriors are calibrated on held-out answers), and a replay of real crowds that
 * measures what a policy saves.
 */
package org.crowd4j.acquisition;
