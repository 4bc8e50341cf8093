module.exports = 4;
