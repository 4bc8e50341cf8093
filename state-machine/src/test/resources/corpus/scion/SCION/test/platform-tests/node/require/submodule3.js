module.exports = 3;
