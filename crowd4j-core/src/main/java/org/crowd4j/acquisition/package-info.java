/**
 * Paying for fewer labels: which task should get its next answer (the expected gain in the
 * consensus's correctness from one more answer), when a task is settled (a posterior threshold),
 * and a replay of real crowds that measures what a policy saves.
 */
package org.crowd4j.acquisition;
