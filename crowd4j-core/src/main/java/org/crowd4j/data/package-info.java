/**
 * The data model: answers as a dataset of primitive columns with their id vocabularies ({@link
 * org.crowd4j.data.CrowdDataset}), gold labels, item features, and the policy for repeated answers.
 */
package org.crowd4j.data;
